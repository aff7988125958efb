import Foundation

// Response bodies, written in the recorded server's member order.

extension SessionRecord {
    var view: JSON {
        [
            "id": .string(id), "status": .string(status), "agent_id": .string(agentID),
            "agent_version": .string(agentVersion), "title": .string(title), "metadata": metadata,
            "created_at": .string(createdAt.zulu), "updated_at": .string(updatedAt.zulu),
            "active_run_id": .string(activeRunID), "last_run_id": .string(lastRunID),
        ]
    }
}

extension TranscriptItem {
    var view: JSON { ["sequence": .int(sequence), "role": .string(role), "content": content] }
}

extension RunRecord {
    var view: JSON {
        [
            "id": .string(id), "session_id": .string(sessionID), "parent_run_id": nil,
            "status": .string(status.rawValue), "step_count": .int(stepCount),
            "model_call_count": .int(modelCallCount), "tool_call_count": .int(toolCallCount),
            "usage": ["input_tokens": .int(inputTokens), "output_tokens": .int(outputTokens), "cost_usd": "0"],
            "limits": ["max_steps": 32, "deadline_at": .string(deadlineAt?.zulu), "max_cost_usd": nil],
            "failure": failure.map { failure in
                [
                    "reason": .string(failure.reason), "message": .string(failure.message),
                    "step_number": failure.stepNumber.map { JSON.int($0) } ?? .null,
                    "attempt_number": failure.attemptNumber.map { JSON.int($0) } ?? .null,
                    "occurred_at": .string(failure.occurredAt.zulu),
                ]
            } ?? .null,
            "cancel_requested_at": .string(cancelRequestedAt?.zulu),
            "created_at": .string(createdAt.zulu), "updated_at": .string(updatedAt.zulu),
        ]
    }

    var submitResult: JSON { ["run_id": .string(id), "status": .string(status.rawValue)] }
}

extension ApprovalRecord {
    /// The snapshot's members; newer members only where they carry something
    /// (digests of cut arguments; task-grant fields on `browser.act` approvals).
    var view: JSON {
        var view: JSON = [
            "id": .string(id), "run_id": .string(runID), "session_id": .string(sessionID),
            "status": .string(status), "tool_name": .string(toolName), "action_summary": .string(actionSummary),
            "arguments": arguments, "risk": .string(risk), "policy_reason": .string(policyReason),
            "expires_at": .string(expiresAt.zulu), "created_at": .string(createdAt.zulu),
            "resolved_at": .string(resolvedAt?.zulu), "resolved_by": .string(resolvedBy),
            "decision": .string(decision),
        ]
        if !argumentDigests.isEmpty || isBrowserAction {
            view = view.setting(
                "argument_digests", .object(argumentDigests.map { JSON.Member(key: $0.0, value: .string($0.1)) }))
        }
        if isBrowserAction && showsTaskFields {
            view = view.setting("task_grant_offer", taskGrantOffer ?? nil)
                .setting("task_grant_id", .string(taskGrantID))
                .setting("task_grant_not_covered", nil)
        }
        return view
    }
}

extension ArtifactRecord {
    var view: JSON {
        [
            "id": .string(id), "session_id": .string(sessionID), "run_id": .string(runID), "name": .string(name),
            "media_type": .string(mediaType), "sha256": .string(sha256), "size_bytes": .int(bytes.count),
            "metadata": metadata, "created_at": .string(createdAt.zulu),
        ]
    }
}

extension ArtifactRecord {
    /// Kind recorded for uploads (`metadata.attachment.kind`).
    var attachmentKind: String? { metadata["attachment"]?["kind"]?.stringValue }

    /// REST `file` block (transcript form).
    var fileBlock: JSON {
        ["type": "file", "artifact_id": .string(id), "media_type": .string(mediaType), "filename": .string(name)]
    }

    /// Event `file` part ([newer] fields `size_bytes`, `page_count`).
    var filePart: JSON {
        [
            "artifact_id": .string(id), "filename": .string(name), "kind": "file", "media_type": .string(mediaType),
            "page_count": metadata["attachment"]?["page_count"] ?? nil, "size_bytes": .int(bytes.count),
        ]
    }
}

/// `{"items": [...], "next_cursor": ...}`
func pageView(_ items: [JSON], nextCursor: String?) -> JSON {
    ["items": .array(items), "next_cursor": .string(nextCursor)]
}
