import Foundation

extension EmailSeedBuilder {
    static let longReply = """
        Hi Ann,

        Thank you for sending the board materials ahead of Thursday. I have read the deck and the budget \
        workbook end to end, and I am happy to sign off on both, with two small requests before they go out.

        First, on slide 14 the headcount line still shows the figure from the June forecast; the August \
        revision moved two contractor roles into the permanent plan, so the total should read 48 rather than 46.

        Second, could the appendix carry the risk register as it stood at the end of the quarter? Two of the \
        directors asked for it at the last meeting and it saves a round of questions on the day.

        With those two changes made, please circulate the pack to the board on Tuesday as planned. I will be \
        in the office from eight on Thursday if you would like to walk through the numbers before we start.

        Best wishes,
        Robin
        """

    func buildImportant() {
        let ann = "Ann Lee <ann@example.test>"
        let board = thread(
            1, from: ann, subject: "Board materials for Thursday",
            summary: "Ann sent the board deck and budget and needs your sign-off before Thursday.",
            reason: "Ann is waiting for your approval of the board pack.", priority: 0.95, needsReply: true,
            hoursAgo: 2,
            bodies: ["Hi Robin,\n\nAttached are the board deck and the budget workbook for Thursday. Could you sign off by Tuesday so I can circulate them?\n\nThanks,\nAnn",
                     "Robin, a gentle nudge on this one: the printers need the final pack by Tuesday noon.\n\nAnn"],
            topics: ["board", "finance"],
            attachments: [.init(filename: "board-deck-q3.pdf", mimeType: "application/pdf", size: 2_483_112),
                          .init(filename: "budget-2026.xlsx",
                                mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", size: 88_940)])
        draft(1, on: board, to: ["ann@example.test"], body: Self.longReply, revisions: 3)

        let lease = thread(
            2, from: "Marco Rossi <marco.rossi@lettings.example.test>", subject: "Lease renewal – please confirm by Friday",
            summary: "Your landlord offers a 12-month renewal at the same rent and asks you to confirm by Friday.",
            reason: "The renewal offer lapses on Friday.", priority: 0.9, needsReply: true, hoursAgo: 5,
            bodies: ["Dear Robin,\n\nYour lease at 14 Elm Row ends on 31 October. We are pleased to offer a 12-month renewal at the current rent. Please confirm by Friday.\n\nKind regards,\nMarco Rossi\nElm Lettings"],
            topics: ["home"])
        // A copy to the agency's office on the offer, and a blind copy on the reply (Email mode's copies).
        lease.messages[0].cc = ["office@elmlettings.example.test"]
        draft(2, on: lease, to: ["marco.rossi@lettings.example.test"], bcc: ["robin.records@example.test"],
              body: "Dear Marco,\n\nThank you for the offer. I am glad to renew for twelve months at the current rent; please send the agreement over for signature.\n\nBest regards,\nRobin")

        thread(3, from: "Jules Moreau <jules@example.test>", subject: "Dinner on Saturday?",
               summary: "Jules invites you to dinner on Saturday at eight and asks whether you can bring dessert.",
               reason: "Jules asked a direct question.", priority: 0.8, needsReply: true, hoursAgo: 7,
               bodies: ["Hey! We're doing dinner at ours on Saturday at 8. Can you make it? Bonus points if you bring that lemon tart.\n\nJ"],
               topics: ["friends"])

        let flight = thread(
            4, from: "TAP Air Portugal <no-reply@flytap.example>", subject: "Your flight to Lisbon changed",
            summary: "TP1337 to Lisbon on 3 October now leaves at 10:40 instead of 09:15.",
            reason: "Your departure time moved by 85 minutes.", priority: 0.85, hoursAgo: 9,
            bodies: ["Dear passenger,\n\nFlight TP1337 London Heathrow – Lisbon on 3 October now departs at 10:40 (previously 09:15). No action is needed if the new time suits you.\n\nTAP Air Portugal"],
            topics: ["travel"])
        flight.replyBlockedReason = "The sender does not accept replies."

        buildLongThread()

        let school = thread(
            6, from: "Greenfield Primary <office@greenfield.example.test>", subject: "School trip permission",
            summary: "The school needs a signed permission reply for the museum trip on the 12th.",
            reason: "Your reply may not have been sent: check Gmail.", priority: 0.9, needsReply: true, hoursAgo: 20,
            bodies: ["Dear parents,\n\nPlease reply to confirm that your child may join the Science Museum trip on the 12th.\n\nGreenfield Primary Office"],
            topics: ["family", "school"])
        draft(6, on: school, to: ["office@greenfield.example.test"],
              body: "Hello,\n\nI confirm that Alex may join the Science Museum trip on the 12th.\n\nRobin Hart", status: "uncertain")

        thread(7, account: "work", from: "Priya Nair <priya@work.example.test>", subject: "Q3 roadmap review",
               summary: "Priya wants your comments on the Q3 roadmap before Wednesday's review.",
               reason: "Priya asked for your comments by Wednesday.", priority: 0.92, needsReply: true, hoursAgo: 3,
               bodies: ["Robin,\n\nThe Q3 roadmap is in the shared folder. Could you add comments on the sync milestones before Wednesday's review?\n\nPriya"],
               topics: ["roadmap"])
        let incident = thread(
            8, account: "work", from: "Ops Bot <ops@work.example.test>", subject: "Incident follow-up: search latency",
            summary: "Post-incident review for Tuesday's search latency spike is scheduled for 4 pm today.",
            reason: "The review starts this afternoon.", priority: 0.88, hoursAgo: 1,
            bodies: ["Post-incident review: search latency spike (INC-2291). Today 16:00, room Aurora. Timeline attached.\n\n— Ops"],
            topics: ["incidents"],
            attachments: [.init(filename: "INC-2291-timeline.md", mimeType: "text/markdown", size: 6_214)])
        incident.attentionExpiresAt = now.adding(seconds: 7_200)
        thread(9, account: "work", from: "Dana Wu <dana.wu@northwind.example.test>", subject: "Contract draft for Northwind",
               summary: "Northwind sent a revised contract draft with two changed clauses for your review.",
               reason: "Dana is waiting for your review.", priority: 0.7, needsReply: true, hoursAgo: 26,
               bodies: ["Hi Robin,\n\nPlease find the revised draft attached. Clauses 7.2 and 11 changed as discussed.\n\nDana"],
               topics: ["contracts"],
               attachments: [.init(filename: "northwind-msa-v4.docx",
                                   mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                                   size: 145_002)])
    }

    func buildLongThread() {
        let people = ["Maya Chen <maya@example.test>", "Ana Silva <ana.silva@example.test>",
                      "Tom Becker <tom.becker@example.test>", Self.owner]
        let topics = ["the raised beds", "the compost bays", "watering rota", "the shed roof", "seed orders",
                      "the fruit cage", "the grant application", "volunteer day"]
        let bodies = (0..<50).map { index in
            "Message \(index + 1) about \(topics[index % topics.count]): "
                + (index % 3 == 0 ? "I can take this on next week if someone covers Saturday." :
                   index % 3 == 1 ? "Agreed. I'll price it up and report back by Friday." :
                   "Sounds good to me; let's confirm at the next meeting.")
        }
        let long = thread(
            5, from: people[0], subject: "Garden project planning",
            summary: "Fifty messages of planning for the community garden; Maya asks who leads volunteer day.",
            reason: "Maya asked you to lead volunteer day.", priority: 0.75, needsReply: true, hoursAgo: 4,
            bodies: bodies, topics: ["community", "garden"], alsoFrom: Array(people.dropFirst()))
        for index in long.messages.indices where long.messages[index].sender == Self.owner {
            long.messages[index].direction = "sent"
            long.messages[index].labels = ["SENT"]
        }
    }

    func buildHandledAndExpired() {
        let invoice = thread(
            10, from: "Billing <billing@studio.example.test>", subject: "Invoice #4471 paid",
            summary: "The design studio confirms your payment of invoice #4471.", reason: "A payment you made.",
            priority: 0.8, hoursAgo: 30, bodies: ["Thank you: we have received payment of invoice #4471 (£1,240.00)."],
            topics: ["finance"])
        invoice.dismissedRevision = 1
        let offsite = thread(
            11, account: "work", from: "Lena Park <lena@work.example.test>", subject: "Offsite logistics",
            summary: "Lena shared the coach times and hotel for the October offsite.", reason: "Travel details you asked for.",
            priority: 0.75, hoursAgo: 40, bodies: ["Coach leaves at 08:30 from the main entrance; hotel is the Harbour Inn."],
            topics: ["travel"])
        offsite.dismissedRevision = 1
        let lunch = thread(
            12, account: "work", from: "Events <events@work.example.test>", subject: "RSVP by yesterday: team lunch",
            summary: "The RSVP window for the team lunch closed yesterday.", reason: "An RSVP deadline.",
            priority: 0.9, needsReply: true, hoursAgo: 50, bodies: ["Please RSVP for Friday's team lunch by Wednesday."])
        lunch.attentionExpiresAt = ago(24)
    }

    func buildOtherMail() {
        let personal: [(String, String, String)] = [
            ("Paperback Books <orders@paperback.example.test>", "Your order has shipped", "Two books are on their way, arriving Thursday."),
            ("City Library <library@city.example.test>", "Reminder: book due in 3 days", "“The Overstory” is due back on Monday."),
            ("Ana Silva <ana.silva@example.test>", "Photos from the hike", "Ana shared 24 photos from Sunday's hike."),
            ("Northern Energy <bills@energy.example.test>", "Your September statement", "Your September bill is £64.20, paid by direct debit."),
            ("Dr. Okafor's Surgery <reception@surgery.example.test>", "Appointment confirmed", "Your appointment is on 2 October at 09:10."),
            ("Tom Becker <tom.becker@example.test>", "Re: bike for sale", "Tom says the bike is still available if you want to see it."),
            ("Cloud Drive <no-reply@drive.example.test>", "Storage almost full", "You have used 92% of your cloud storage."),
            ("Maya Chen <maya@example.test>", "Recipe you asked for", "Maya sent the dal recipe from last week."),
            ("Bank of Somewhere <alerts@bank.example.test>", "New device signed in", "A new phone signed in to your account on Monday."),
            ("Running Club <club@running.example.test>", "Saturday parkrun results", "You finished in 24:31, a new personal best."),
            ("Post Office <tracking@post.example.test>", "Parcel delivered", "Your parcel was left with a neighbour at number 16."),
            ("Grandma <rose.hart@example.test>", "Sunday lunch", "Grandma asks whether you are coming on Sunday."),
        ]
        for (index, item) in personal.enumerated() {
            thread(13 + index, from: item.0, subject: item.1, summary: item.2, reason: "Informational.",
                   priority: 0.2 + Double(index % 5) * 0.1, needsReply: index == 11, hoursAgo: 10 + Double(index) * 6,
                   bodies: [item.2 + "\n\nThis message was sent to owner@example.test."])
        }
        let work: [(String, String, String)] = [
            ("HR Team <hr@work.example.test>", "Benefits enrolment opens Monday", "Open enrolment for benefits runs for two weeks."),
            ("IT Helpdesk <it@work.example.test>", "Laptop refresh scheduled", "Your laptop refresh is booked for the 14th."),
            ("Sam Okafor <sam.okafor@work.example.test>", "Notes from the design crit", "Sam shared notes from Thursday's design critique."),
            ("Calendar <calendar@work.example.test>", "Updated: weekly sync", "The weekly sync moved to 10:30."),
            ("Finance <finance@work.example.test>", "Expense report approved", "Your August expenses were approved."),
        ]
        for (index, item) in work.enumerated() {
            thread(25 + index, account: "work", from: item.0, subject: item.1, summary: item.2, reason: "Informational.",
                   priority: 0.3 + Double(index) * 0.05, hoursAgo: 12 + Double(index) * 8, bodies: [item.2])
        }
        thread(30, account: "work", from: "Priya Nair <priya@work.example.test>", subject: "Re: hiring plan",
               summary: "Priya agrees with the hiring plan; nothing needed from you.", reason: "FYI from your manager.",
               priority: 0.6, hoursAgo: 70, bodies: ["Looks right to me. Let's go ahead with the two roles."])
    }

    func buildInboxAndSpamStates() {
        let archivedSubjects = ["Your receipt from Corner Café", "Welcome to the Running Club", "Password changed",
                                "Conference badge collection"]
        for (index, subject) in archivedSubjects.enumerated() {
            let archived = thread(
                31 + index, from: "Notifications <notify@service\(index).example.test>", subject: subject,
                summary: subject + ".", reason: "Informational.", priority: 0.3, hoursAgo: 90 + Double(index) * 20,
                bodies: [subject + "."], labels: [])
            archived.inInbox = false
            if index == 0 {
                archived.inboxOperation = .init(operationID: Identifier.make(), runID: Identifier.make(),
                                                targetArchived: true, targetSpam: false, status: "completed", error: nil)
            }
        }
        let uncertain = thread(
            35, from: "Old Town Gazette <editor@gazette.example.test>", subject: "Letters to the editor",
            summary: "The Gazette printed your letter in this week's edition.", reason: "Informational.",
            priority: 0.4, hoursAgo: 110, bodies: ["Your letter appears on page 6 of this week's edition."])
        uncertain.inboxOperation = .init(
            operationID: Identifier.make(), runID: Identifier.make(), targetArchived: true, targetSpam: false,
            status: "uncertain", error: "Gmail did not confirm the change; check Gmail before trying again.")
        let suspected = thread(
            36, from: "Prize Desk <winner@prizes.example.invalid>", subject: "You have won a £500 voucher",
            summary: "An unknown sender claims you won a voucher and asks for bank details.",
            reason: "Looks like spam: unknown sender asking for bank details.", priority: 0.8, needsReply: true,
            hoursAgo: 6, bodies: ["Congratulations! Reply with your bank details to claim your £500 voucher today."])
        suspected.suspectedSpam = true
        suspected.flaggedByAssessment = true
        suspected.messages[0].senderCheck = "fail"
        let spam = thread(
            37, from: "Watch Deals <deals@watches.example.invalid>", subject: "Luxury watches 90% off",
            summary: "Unsolicited watch offers.", reason: "In Spam.", priority: 0, hoursAgo: 15,
            bodies: ["Luxury watches at 90% off. Limited time only."], labels: ["SPAM"])
        spam.inInbox = false
        spam.inSpam = true
        spam.messages[0].senderCheck = "none"
        let cleared = thread(
            38, from: "Parcel Service <notices@parcels.example.test>", subject: "Package delivery notice",
            summary: "A courier will deliver a package tomorrow between 9 and 1.", reason: "A delivery you expect.",
            priority: 0.5, hoursAgo: 8, bodies: ["Your package will arrive tomorrow between 09:00 and 13:00."])
        cleared.spamCleared = true
        cleared.flaggedByAssessment = true
    }

    func buildBulkSenders() {
        let news = ["Morning briefing: markets steady", "Weekend reads", "The week in science", "Local elections explained"]
        for (index, subject) in news.enumerated() {
            let item = thread(39 + index, from: "Example News <news@example.com>", subject: subject,
                              summary: "Example News newsletter: \(subject.lowercased()).", reason: "A newsletter.",
                              priority: 0.1, hoursAgo: 14 + Double(index) * 24,
                              bodies: ["\(subject)\n\nRead online: https://news.example.com/\(index)\n\nUnsubscribe at any time."],
                              topics: ["news"])
            subscription(item, address: "news@example.com")
        }
        let deals = ["Flash sale: 40% off garden tools", "New arrivals this week", "Your basket misses you"]
        for (index, subject) in deals.enumerated() {
            let item = thread(43 + index, from: "Daily Deals <deals@shop.example>", subject: subject,
                              summary: "Shop promotion: \(subject.lowercased()).", reason: "Marketing.",
                              priority: 0.05, hoursAgo: 11 + Double(index) * 30, bodies: [subject], topics: ["shopping"])
            subscription(item, address: "deals@shop.example")
        }
        for (index, subject) in ["Cooking Club: October menu", "Cooking Club: knife skills night"].enumerated() {
            let item = thread(46 + index, from: "Cooking Club <club@cooking.example.test>", subject: subject,
                              summary: "Cooking club mailing: \(subject).", reason: "A mailing list.",
                              priority: 0.15, hoursAgo: 33 + Double(index) * 48, bodies: [subject], topics: ["food"])
            subscription(item, address: "club@cooking.example.test")
        }
        for (index, subject) in ["Town Council bulletin", "Town Council: road closures"].enumerated() {
            let item = thread(48 + index, from: "Town Council <bulletin@council.example.test>", subject: subject,
                              summary: "Council bulletin: \(subject).", reason: "A bulletin.",
                              priority: 0.2, hoursAgo: 60 + Double(index) * 50, bodies: [subject], topics: ["local"])
            subscription(item, address: "bulletin@council.example.test")
        }
        let kept = thread(50, from: "Poetry Daily <poems@poetry.example.test>", subject: "Today's poem",
                          summary: "A daily poem you chose to keep receiving.", reason: "A newsletter you keep.",
                          priority: 0.25, hoursAgo: 16, bodies: ["Today's poem: “The Summer Day”, Mary Oliver."])
        subscription(kept, address: "poems@poetry.example.test")
    }

    func buildSpecialCases() {
        thread(51, from: "Chris Doyle <chris.doyle@example.test>", subject: "Quick question about the trip",
               summary: "Assessment pending", reason: "Assessment pending", priority: 0.5, hoursAgo: 0.2,
               bodies: ["Hi Robin, quick question about the trip when you have a minute."])
        let incomplete = thread(
            52, from: "Photo Lab <prints@photolab.example.test>", subject: "Your prints are ready",
            summary: "Your 36 prints are ready for collection.", reason: "Informational.", priority: 0.35, hoursAgo: 18,
            bodies: ["", "Reminder: your prints are ready for collection until Saturday."])
        incomplete.complete = false
        incomplete.messages[0].complete = false
        thread(53, from: "Maya Chen <maya@example.test>", subject: "Neighbourhood association: budget vote",
               summary: "Maya and Tom ask for your vote on the association budget before the meeting.",
               reason: "A vote closes on Monday.", priority: 0.65, needsReply: true, hoursAgo: 22,
               bodies: ["Robin, can you vote on the budget before Monday?", "Seconding Maya: we need quorum."],
               topics: ["community", "finance"], alsoFrom: ["Tom Becker <tom.becker@example.test>"])
        let stale = thread(
            54, from: "Ana Silva <ana.silva@example.test>", subject: "Book club pick for November",
            summary: "Ana proposed two books for November and then added a third option.",
            reason: "Ana asked for your pick.", priority: 0.6, needsReply: true, hoursAgo: 13,
            bodies: ["Shall we read “Piranesi” or “Klara and the Sun” in November?", "Or “Tomorrow, and Tomorrow, and Tomorrow”?"])
        let staleDraft = draft(54, on: stale, to: ["ana.silva@example.test"], body: "Hi Ana,\n\nPiranesi gets my vote.\n\nRobin")
        staleDraft.sourceRevision = 1
        stale.revision = 2
        let failed = thread(
            55, from: "Leo Grant <leo.grant@example.test>", subject: "Tickets for the concert",
            summary: "Leo can get two tickets for the concert on the 20th and needs an answer.",
            reason: "Your reply failed to send.", priority: 0.6, needsReply: true, hoursAgo: 28,
            bodies: ["I can get two tickets for the 20th. In or out?"])
        draft(55, on: failed, to: ["leo.grant@example.test"], body: "In! Thanks Leo.", status: "failed")
        let sent = thread(
            56, from: "Nina Patel <nina.patel@example.test>", subject: "Thanks for the introduction",
            summary: "Nina thanked you for the introduction; you replied.", reason: "You replied.",
            priority: 0.5, hoursAgo: 36, bodies: ["Thank you so much for introducing me to Priya!"])
        draft(56, on: sent, to: ["nina.patel@example.test"], body: "My pleasure, Nina. Good luck!", status: "sent")
        sent.dismissedRevision = 1
        for (index, subject) in ["Weekly timesheet reminder", "Parking permit renewal", "Team photo day",
                                 "Fire drill on Thursday"].enumerated() {
            thread(57 + index, account: "work", from: "Facilities <facilities@work.example.test>", subject: subject,
                   summary: subject + ".", reason: "Informational.", priority: 0.15 + Double(index) * 0.05,
                   hoursAgo: 45 + Double(index) * 12, bodies: [subject + ". No action needed."])
        }
        let old = thread(61, from: "Maya Chen <maya@example.test>", subject: "Old holiday plans",
                         summary: "Last year's holiday planning.", reason: "Old conversation.", priority: 0.1,
                         hoursAgo: 24 * 200, bodies: ["", ""])
        old.inInbox = false
        for (index, subject) in ["Knitting circle moved to Tuesday", "Choir rehearsal notes", "Allotment waiting list",
                                 "Swimming lessons term dates", "Charity quiz night"].enumerated() {
            thread(62 + index, from: "Community Centre <hello@community.example.test>", subject: subject,
                   summary: subject + ".", reason: "Informational.", priority: 0.3, hoursAgo: 55 + Double(index) * 9,
                   bodies: [subject + "."], topics: ["community"])
        }
    }
}
