import Foundation

extension Router {
    func getRun(_ rawID: String) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        return .json(200, try store.transaction { try $0.existingRun(id).view })
    }

    /// `POST /v1/runs/{id}/cancel`: 202 while running (cancel requested), else 200.
    func cancelRun(_ rawID: String) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        let (status, view) = try store.transaction { try $0.cancelRun(id) }
        return .json(status, view)
    }

    /// `POST /v1/runs/{id}/input`: the answer to the run's outstanding question.
    func provideInput(_ rawID: String, body: Data) throws -> HTTPResponse {
        let id = try Validation.uuid(rawID)
        let fields = try Validation.closedObject(try Validation.jsonBody(body), allowed: ["content", "question_id"])
        let blocks = try Validation.contentBlocks(fields["content"])
        var questionID: String?
        if let given = fields["question_id"], !given.isNull {
            guard let text = given.stringValue else { throw APIFailure.malformed() }
            questionID = try Validation.uuid(text)
        }
        let result: JSON = try store.transaction { state in
            switch try state.provideInput(
                runID: id, blocks: blocks, questionID: questionID, strictAttachments: options.strictAttachments) {
            case .delivered(let run):
                agent.resume(runID: run.id)
                return run.submitResult
            case .alreadyDelivered(let run):
                return run.submitResult
            }
        }
        return .json(202, result)
    }
}
