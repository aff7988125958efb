import Foundation
import Testing
import VeetChat
import VeetTransport
import VeetWire

/// The `browser.act` card and its two-step "allow all actions for this task".
struct ApprovalBrowserActTests {
    typealias S = ChatServiceSamples

    @Test func theCardNamesActionElementAndPage() throws {
        let card = try #require(BrowserActCard(S.browserAct()))
        #expect(card.action == "click")
        #expect(card.page == "www.example.org/lesson/3")
        #expect(card.element == #"button website text: "Submit answers""#)
        #expect(card.headline == #"Click button website text: "Submit answers" on www.example.org/lesson/3"#)
    }

    @Test func websiteTextIsLabelledAndQuotesAreNeutralised() throws {
        let card = try #require(BrowserActCard(S.browserAct()))
        #expect(card.pageTitle?.description == #"website text: "Lesson 3 'Quiz'""#)
        #expect(card.pageTitle?.raw == #"Lesson 3 "Quiz""#)
    }

    @Test func otherToolsAndViewVersionsGetNoBrowserCard() {
        #expect(BrowserActCard(S.approval()) == nil)
        var newer = S.browserAct()
        newer.arguments = .object(["view": .string("browser.act.v2"), "kind": .string("click")])
        #expect(BrowserActCard(newer) == nil)
    }

    @Test func theOfferShowsSiteScopeLimitsAndExceptions() throws {
        let offer = try #require(BrowserActCard(S.browserAct())?.taskOffer)
        #expect(offer.siteScope == "https://www.example.org/lesson")
        #expect(offer.limits.hasPrefix("30 minutes · 200 actions · 4096 typed characters"))
        #expect(offer.exceptions.contains("payment"))
        #expect(offer.summary == S.offer.summary)
    }

    @Test func anUndescribedActionSaysSo() throws {
        var view = S.browserAct()
        view.arguments = .object(["view": .string("browser.act.v1"), "described": .bool(false), "kind": .string("type")])
        let card = try #require(BrowserActCard(view))
        #expect(card.headline.contains("can no longer describe"))
    }

    @Test func notCoveredReasonsBecomeSentencesAndUnknownOnesAGenericOne() {
        var view = S.browserAct()
        view.taskGrantNotCovered = TaskGrantNotCovered(grantID: "g", reason: "browser.task_grant.excluded.payment")
        #expect(BrowserActCard(view)?.notCoveredExplanation?.contains("payment") == true)
        view.taskGrantNotCovered = TaskGrantNotCovered(grantID: "g", reason: "browser.task_grant.brand_new")
        #expect(BrowserActCard(view)?.notCoveredExplanation == "The task permission does not cover this action.")
    }

    @Test func allowForTaskIsNotOfferedWithoutAServerOffer() {
        var board = ApprovalBoard(scope: S.scope)
        board.applyPendingList(Scoped([S.browserAct(offer: nil)], scope: S.scope))
        let id = S.browserAct().id
        #expect(board[id]?.taskPermission == .notOffered)
        let confirming = board.requestTaskPermission(on: id)
        #expect(!confirming)
        let pressed = board.press(.approveForTask, on: id)
        #expect(pressed == nil)
    }

    @Test func allowForTaskNeedsTheConfirmationStepFirst() throws {
        var board = ApprovalBoard(scope: S.scope)
        board.applyPendingList(Scoped([S.browserAct()], scope: S.scope))
        let id = S.browserAct().id
        #expect(board[id]?.taskPermission == .offered)
        let pressed = board.press(.approveForTask, on: id)
        #expect(pressed == nil)
        #expect(board[id]?.progress == .idle)
        let confirming = board.requestTaskPermission(on: id)
        #expect(confirming)
        #expect(board[id]?.taskPermission == .confirming)
        let pressed2 = board.press(.approveForTask, on: id)
        let command = try #require(pressed2)
        #expect(command.request.decision == .approveForTask)
        #expect(command.request.taskGrant == TaskGrantEcho(origin: "https://www.example.org", pathPrefix: "/lesson"))
    }

    @Test func withdrawingTheConfirmationReturnsToTheOffer() {
        var board = ApprovalBoard(scope: S.scope)
        board.applyPendingList(Scoped([S.browserAct()], scope: S.scope))
        let id = S.browserAct().id
        board.requestTaskPermission(on: id)
        board.withdrawTaskPermission(on: id)
        #expect(board[id]?.taskPermission == .offered)
        let pressed = board.press(.approveForTask, on: id)
        #expect(pressed == nil)
    }

    @Test func anUnavailableTaskPermissionKeepsTheCardPendingAndAsksAgain() throws {
        var board = ApprovalBoard(scope: S.scope)
        board.applyPendingList(Scoped([S.browserAct()], scope: S.scope))
        let id = S.browserAct().id
        board.requestTaskPermission(on: id)
        let pressed = board.press(.approveForTask, on: id)
        let command = try #require(pressed)
        board.finish(command, with: Scoped(.refused(.taskPermissionUnavailable), scope: S.scope))
        #expect(board[id]?.isSettled == false)
        #expect(board[id]?.taskPermission == .offered)
        #expect(board[id]?.canDecide == true)
    }

    @Test func onlyApproveForTaskEncodesATaskGrant() throws {
        let once = try WireJSON.encoder().encode(ApprovalResolveRequest(decision: .approveOnce))
        #expect(!String(decoding: once, as: UTF8.self).contains("task_grant"))
        var board = ApprovalBoard(scope: S.scope)
        board.applyPendingList(Scoped([S.browserAct()], scope: S.scope))
        board.requestTaskPermission(on: S.browserAct().id)
        let pressed = board.press(.approveForTask, on: S.browserAct().id)
        let command = try #require(pressed)
        let body = String(decoding: try WireJSON.encoder().encode(command.request), as: UTF8.self)
        #expect(body.contains(#""path_prefix":"\/lesson""#) || body.contains(#""path_prefix":"/lesson""#))
    }
}
