import Foundation
import Testing
import VeetChat
import VeetTransport
import VeetWire

/// Verifying a displayed approval argument against the exact value expected.
struct ApprovalArgumentCheckTests {
    typealias S = ChatServiceSamples

    /// What the server shows for a long string: 512 characters and the marker.
    private func displayCopy(of full: String) -> String {
        String(full.unicodeScalars.prefix(512).map(Character.init)) + ApprovalArgumentCheck.truncationMarker
    }

    private let longText = String(repeating: "Day 1: Alfama walk, Feira da Ladra. ", count: 40)

    @Test func sha256MatchesKnownVectors() {
        #expect(SHA256Digest.hex(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest.hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256Digest.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func sha256IsTheSameWhenFedInPieces() {
        let data = Data((0..<1000).map { UInt8($0 % 251) })
        var digest = SHA256Digest()
        digest.update(data.prefix(3))
        digest.update(data.dropFirst(3).prefix(100))
        digest.update(data.dropFirst(103))
        #expect(digest.finalizeHex() == SHA256Digest.hex(data))
    }

    @Test func aWholeValueIsComparedDirectly() {
        #expect(ApprovalArgumentCheck.verify(displayed: "notes/lisbon.md", digest: nil, expected: "notes/lisbon.md") == .matches)
        #expect(ApprovalArgumentCheck.verify(displayed: "notes/porto.md", digest: nil, expected: "notes/lisbon.md") == .mismatch)
    }

    @Test func aCutValueIsProvenByItsDigest() {
        let result = ApprovalArgumentCheck.verify(displayed: displayCopy(of: longText), digest: SHA256Digest.hex(longText),
                                                  expected: longText)
        #expect(result == .matchesByDigest)
        #expect(result.isVerified)
    }

    @Test func aCutValueWithADifferentTailFailsTheDigest() {
        let changedTail = longText + "and one more sentence"
        #expect(ApprovalArgumentCheck.verify(displayed: displayCopy(of: longText), digest: SHA256Digest.hex(longText),
                                             expected: changedTail) == .mismatch)
    }

    @Test func aCutValueWithADifferentPrefixFailsEvenWithAMatchingDigest() {
        let other = "X" + longText.dropFirst()
        #expect(ApprovalArgumentCheck.verify(displayed: displayCopy(of: longText), digest: SHA256Digest.hex(other),
                                             expected: other) == .mismatch)
    }

    @Test func aCutValueWithoutADigestIsRefused() {
        let result = ApprovalArgumentCheck.verify(displayed: displayCopy(of: longText), digest: nil, expected: longText)
        #expect(result == .unverifiableWithoutDigest)
        #expect(!result.isVerified)
    }

    @Test func theCheckReadsArgumentsAndDigestsFromTheApproval() {
        var view = S.approval(arguments: .object(["text": .string(displayCopy(of: longText)),
                                                  "token": .string("[REDACTED]")]))
        view.argumentDigests = ["text": SHA256Digest.hex(longText)]
        #expect(ApprovalArgumentCheck.verify(argument: "text", expected: longText, in: view) == .matchesByDigest)
        #expect(ApprovalArgumentCheck.verify(argument: "token", expected: "secret", in: view) == .notComparable)
        #expect(ApprovalArgumentCheck.verify(argument: "missing", expected: "x", in: view) == .notComparable)
        view.argumentDigests = [:]
        #expect(ApprovalArgumentCheck.verify(argument: "text", expected: longText, in: view) == .unverifiableWithoutDigest)
    }

    @Test func theDigestCoversMultiByteText() {
        let text = String(repeating: "Olá, “mundo” — ✓ ", count: 60)
        #expect(ApprovalArgumentCheck.verify(displayed: displayCopy(of: text), digest: SHA256Digest.hex(Data(text.utf8)),
                                             expected: text) == .matchesByDigest)
    }
}
