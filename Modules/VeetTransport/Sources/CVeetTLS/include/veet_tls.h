// TLS for VeetTransport's own HTTP/1.1 exchange, over the system's OpenSSL 3
// (libssl3), loaded with dlopen the first time a session is made: commands
// that never open an https:// connection never load it. The header names
// only opaque types, so Swift needs no OpenSSL headers.
#ifndef VEET_TLS_H
#define VEET_TLS_H

#include <stddef.h>

typedef struct veet_tls veet_tls;

// What a step of a session asks for (macros, so Swift sees them as Int32).
#define VEET_TLS_DONE 0          // the step finished
#define VEET_TLS_WANT_READ (-1)  // wait until the socket is readable, then repeat
#define VEET_TLS_WANT_WRITE (-2) // wait until the socket is writable, then repeat
#define VEET_TLS_FAILED (-3)     // failed; the error buffer says why
#define VEET_TLS_UNTRUSTED (-4)  // the peer's certificate failed verification; the buffer says why
#define VEET_TLS_CLOSED (-5)     // the peer's end of the stream without TLS's own close

/// Loads libssl once per process. NULL when it is there, else why not.
const char *veet_tls_load(void);

/// A client session over a connected socket. `host` is checked against the
/// certificate (as an IP address when `host_is_ip`) and sent as SNI when a
/// name. `ca_file`: a PEM file trusted instead of the system's roots, or NULL.
veet_tls *veet_tls_client(int fd, const char *host, int host_is_ip, const char *ca_file,
                          char *error, size_t error_size);

/// A server session over an accepted socket (the tests' TLS front).
veet_tls *veet_tls_server(int fd, const char *certificate_file, const char *key_file,
                          char *error, size_t error_size);

/// One step of the handshake: VEET_TLS_DONE, a WANT, FAILED or UNTRUSTED.
int veet_tls_handshake(veet_tls *session, char *error, size_t error_size);

/// Bytes read (> 0), 0 at the peer's clean close, or a negative VEET_TLS_ code.
long veet_tls_read(veet_tls *session, void *buffer, size_t length, char *error, size_t error_size);

/// Bytes written (> 0) or a negative VEET_TLS_ code. Never raises SIGPIPE.
long veet_tls_write(veet_tls *session, const void *buffer, size_t length, char *error, size_t error_size);

/// The protocol agreed, e.g. "TLSv1.3".
const char *veet_tls_version(veet_tls *session);

/// Frees the session (the socket stays open: its owner closes it).
void veet_tls_free(veet_tls *session);

#endif
