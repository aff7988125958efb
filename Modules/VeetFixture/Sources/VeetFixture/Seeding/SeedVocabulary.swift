import Foundation

/// Words for seeded conversations. Each topic has its own nouns so a search for a
/// topic word finds that topic's sessions and few others.
///
/// Templates use slots: `{place}`, `{thing}`, `{month}`, `{n}`, `{year}`, `{person}`.
struct SeedTopic {
    var name: String
    var things: [String]
    var titles: [String]
    var questions: [String]
    var answers: [String]
    var followUps: [String]
    var searchQueries: [String]
    var searchAnswers: [String]
}

enum SeedVocabulary {
    static let places = [
        "Lisbon", "Kyoto", "Oaxaca", "Tallinn", "Porto", "Hanoi", "Reykjavik", "Marrakesh", "Vancouver", "Ljubljana",
        "Valparaiso", "Tbilisi", "Bergen", "Cork", "Seville", "Hobart",
    ]
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    static let people = ["Maya", "Jonas", "Priya", "Tomas", "Aiko", "Lucia", "Omar", "Greta", "Dev", "Ines"]

    static let topics: [SeedTopic] = [
        SeedTopic(
            name: "travel",
            things: ["long weekend", "rail pass", "ferry crossing", "walking tour", "guesthouse", "night train"],
            titles: [
                "Plan a long weekend in {place}", "Itinerary for {n} days in {place}", "{place} in {month}: where to stay",
                "Packing list for a {thing} trip",
            ],
            questions: [
                "I want to spend {n} days in {place} in {month}. Which neighbourhoods should I stay in?",
                "Is a {thing} worth it for getting around {place}?",
                "What should I pack for {place} in {month}?",
                "Can you draft a day-by-day travel itinerary for {place} with one museum per day?",
            ],
            answers: [
                "For {n} days in {place} in {month}, stay near the old town: walkable, close to the {thing} and the evening markets.",
                "A {thing} pays off if you take more than three journeys; otherwise buy single tickets at the station.",
                "Pack layers and a rain shell: {month} in {place} swings between sunny mornings and cold evenings.",
                "Day 1 the harbour and the history museum, day 2 the {thing}, day 3 a slow lunch and the viewpoint at sunset.",
            ],
            followUps: ["Book the {thing} early, prices rise in {month}.", "Ask {person} for the guesthouse address."],
            searchQueries: ["best neighbourhood to stay in {place} {month}", "{place} {thing} prices {year}"],
            searchAnswers: [
                "Travellers recommend the old town of {place} for first visits; it is quiet after ten in {month}.",
                "A {thing} in {place} costs between 40 and 70 EUR in {year}, with discounts for early booking.",
            ]),
        SeedTopic(
            name: "budgets",
            things: ["grocery budget", "emergency fund", "car loan", "utility bills", "subscriptions", "holiday savings"],
            titles: [
                "Monthly budget review for {month}", "Cut the {thing} by a fifth", "Saving plan for the {thing}",
                "Spreadsheet for household budgeting",
            ],
            questions: [
                "Our {thing} went over by {n}0 EUR in {month}. Where can we trim the budget?",
                "How big should the {thing} be for a family of {n}?",
                "Can you set up budgeting categories for a shared household spreadsheet?",
                "Should we pay off the {thing} early or keep saving?",
            ],
            answers: [
                "Start with the {thing}: list every charge from {month}, cancel two, and cap the rest with a weekly envelope.",
                "Aim for three to six months of essential spending; for {n} people that is roughly {n}000 EUR.",
                "Use five budgeting categories: housing, food, transport, savings, and fun money, reviewed every {month}.",
                "Paying the {thing} early saves interest, but keep the emergency fund full first.",
            ],
            followUps: ["Review the budget again at the end of {month}.", "{person} will track the receipts."],
            searchQueries: ["average {thing} family of {n} {year}", "how to reduce {thing}"],
            searchAnswers: [
                "Surveys from {year} put the typical {thing} for {n} people at a few hundred euros per month.",
                "To reduce the {thing}, compare providers yearly and remove unused subscriptions.",
            ]),
        SeedTopic(
            name: "recipes",
            things: ["lentil soup", "sourdough loaf", "mushroom risotto", "lemon tart", "chickpea curry", "ramen broth"],
            titles: [
                "{thing} for {n} people", "Make-ahead dinner: {thing}", "Vegetarian recipe ideas for {month}",
                "Fix my {thing} recipe",
            ],
            questions: [
                "How do I scale a {thing} recipe for {n} people?",
                "My {thing} came out bland. What went wrong with the recipe?",
                "Can you suggest a vegetarian dinner menu around a {thing}?",
                "How long does a {thing} keep in the fridge?",
            ],
            answers: [
                "Scale the {thing} linearly except salt and spices: multiply those by {n} and then taste before adding more.",
                "Bland {thing} usually needs acid and salt at the end: a squeeze of lemon and a pinch of flaky salt.",
                "Serve the {thing} with a crisp salad and roasted carrots; finish with fruit for dessert.",
                "A {thing} keeps three to four days in a sealed container in the fridge.",
            ],
            followUps: ["Simmer the {thing} longer next time.", "{person} asked for the recipe card."],
            searchQueries: ["{thing} recipe for {n} servings", "why is my {thing} bland"],
            searchAnswers: [
                "Most {thing} recipes serve four; cooks scale them by weight for {n} servings.",
                "Cooks say a bland {thing} lacks salt, acid or browning; season in layers.",
            ]),
        SeedTopic(
            name: "code reviews",
            things: ["payment service", "login flow", "cache layer", "search indexer", "retry policy", "CSV importer"],
            titles: [
                "Code review: {thing} refactor", "Review the pull request for the {thing}", "Flaky test in the {thing}",
                "Naming and error handling in the {thing}",
            ],
            questions: [
                "Can you review this pull request for the {thing}? It touches {n} files.",
                "The {thing} tests are flaky on CI. What should the code review look for?",
                "Is it fine to catch every error in the {thing} and log it?",
                "How should we name the functions in the {thing} module?",
            ],
            answers: [
                "The {thing} change reads well; split the largest function, add a test for the empty input, and drop the unused flag.",
                "Flaky {thing} tests usually share state or depend on timing: isolate fixtures and remove sleeps.",
                "Catch only what the {thing} can handle; let the rest propagate so the caller decides.",
                "Name functions in the {thing} after what they return, and keep verbs for the ones with side effects.",
            ],
            followUps: ["{person} approved the review after the fixes.", "Rerun the {thing} tests {n} times."],
            searchQueries: ["{thing} code review checklist", "flaky tests {thing} continuous integration"],
            searchAnswers: [
                "A {thing} code review checklist covers errors, naming, tests and logging.",
                "Engineers trace flaky {thing} tests to shared state and timing assumptions.",
            ]),
        SeedTopic(
            name: "planning",
            things: ["team offsite", "product launch", "quarterly roadmap", "hiring plan", "garden party", "house move"],
            titles: [
                "Planning the {thing}", "Timeline for the {thing} in {month}", "Checklist: {thing}",
                "Who does what for the {thing}",
            ],
            questions: [
                "We have {n} weeks until the {thing}. Can you help with planning the milestones?",
                "What belongs on a checklist for the {thing} in {month}?",
                "How do we split the {thing} tasks between {n} people?",
                "What are the risks in our plan for the {thing}?",
            ],
            answers: [
                "With {n} weeks left, plan the {thing} backwards: fix the date, book the venue, then weekly milestones.",
                "The {thing} checklist: owner per task, budget, invitations, a dry run, and a follow-up in {month}.",
                "Give each of the {n} people one area of the {thing} and meet for fifteen minutes every Monday.",
                "The main risk for the {thing} is a late decision; set a deadline for every open question.",
            ],
            followUps: ["{person} owns the {thing} timeline.", "Planning meeting moved to {month}."],
            searchQueries: ["{thing} planning template", "{thing} checklist {year}"],
            searchAnswers: [
                "Planning templates for a {thing} list milestones, owners and a budget line.",
                "A {year} checklist for a {thing} starts eight weeks ahead.",
            ]),
        SeedTopic(
            name: "taxes",
            things: ["home office deduction", "quarterly estimate", "charity receipts", "capital gains", "VAT return", "pension contribution"],
            titles: [
                "Tax return {year}: {thing}", "Questions about the {thing}", "Organise receipts for the {year} taxes",
                "Deadline for the {thing}",
            ],
            questions: [
                "Can I claim a {thing} on my {year} tax return?",
                "When is the deadline for the {thing} this year?",
                "How should I organise tax receipts for {year}?",
                "Does the {thing} change my tax bracket?",
            ],
            answers: [
                "You can usually claim the {thing} if you keep records; check the {year} rules and keep receipts for six years.",
                "The {thing} is due at the end of {month}; file a few days early to avoid the rush.",
                "Organise tax receipts by month in one folder and note the category on each: income, deductible, other.",
                "The {thing} lowers taxable income but rarely moves you into another bracket.",
            ],
            followUps: ["Send the {thing} papers to {person}.", "File the taxes before {month}."],
            searchQueries: ["{thing} rules {year}", "tax deadline {thing} {year}"],
            searchAnswers: [
                "The {year} guidance allows the {thing} with documented expenses.",
                "The {thing} deadline in {year} falls at the end of {month}.",
            ]),
        SeedTopic(
            name: "gardening",
            things: ["tomato seedlings", "raised bed", "compost heap", "rose bushes", "herb spiral", "apple tree"],
            titles: [
                "Garden plan for {month}", "What is wrong with my {thing}", "Building a {thing}",
                "Watering schedule for the {thing}",
            ],
            questions: [
                "The leaves of my {thing} are turning yellow. What should I do?",
                "When should I plant the {thing} in a cool climate?",
                "How do I build a {thing} from pallets?",
                "How often should I water the {thing} in {month}?",
            ],
            answers: [
                "Yellow leaves on the {thing} often mean too much water; let the soil dry between waterings.",
                "Plant the {thing} after the last frost, usually late {month} in a cool climate.",
                "Build the {thing} from four pallets, line it with cardboard, and fill it with compost.",
                "Water the {thing} deeply twice a week in {month}, early in the morning.",
            ],
            followUps: ["Mulch the {thing} before winter.", "{person} has spare seeds."],
            searchQueries: ["{thing} yellow leaves", "when to plant {thing}"],
            searchAnswers: [
                "Gardeners link yellow leaves on a {thing} to overwatering or low nitrogen.",
                "Plant a {thing} after the last frost date for your area.",
            ]),
        SeedTopic(
            name: "fitness",
            things: ["half marathon", "knee pain", "strength routine", "cycling commute", "swimming lessons", "stretching plan"],
            titles: [
                "Training for a {thing}", "{n}-week {thing} schedule", "Getting started with a {thing}",
                "Recovering from {thing}",
            ],
            questions: [
                "Can you write a {n}-week training plan for a {thing}?",
                "How do I fit a {thing} into a busy week?",
                "What should I eat before a {thing} session?",
                "Is it normal to feel sore after starting a {thing}?",
            ],
            answers: [
                "A {n}-week {thing} training plan: three easy sessions, one long one, and a rest day after it.",
                "Fit the {thing} in by pairing it with your commute and keeping sessions under forty minutes.",
                "Before a {thing} session eat something light with carbohydrates, an hour ahead.",
                "Some soreness in the first weeks of a {thing} is normal; sharp pain is not.",
            ],
            followUps: ["Log every {thing} session.", "Training with {person} on Sundays."],
            searchQueries: ["{thing} training plan beginners", "{thing} recovery tips"],
            searchAnswers: [
                "Beginner {thing} training plans build up over {n} weeks.",
                "Recovery after a {thing} needs sleep, protein and easy movement.",
            ]),
    ]

    /// Schedules whose runs appear as scheduled sessions.
    static let schedules: [(title: String, instruction: String)] = [
        ("Morning briefing", "Summarise my calendar, the weather and any urgent email for today."),
        ("Weekly budget check", "Compare this week's spending with the budget and list anything unusual."),
        ("Friday planning digest", "List open tasks for next week and suggest priorities."),
    ]
}
