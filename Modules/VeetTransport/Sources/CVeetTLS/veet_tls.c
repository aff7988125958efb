// See veet_tls.h. Every OpenSSL function is called through a pointer found
// with dlsym, so this file never links libssl: the library is opened only
// when the first session is made. The loaded table and the default client
// context are set once (pthread_once) and only read afterwards.
#define _GNU_SOURCE
#include "veet_tls.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>

struct veet_tls {
    SSL *ssl;
};

#define VEET_TLS_FUNCTIONS(X) \
    X(const SSL_METHOD *, TLS_client_method, (void)) \
    X(const SSL_METHOD *, TLS_server_method, (void)) \
    X(SSL_CTX *, SSL_CTX_new, (const SSL_METHOD *)) \
    X(void, SSL_CTX_free, (SSL_CTX *)) \
    X(void, SSL_CTX_set_verify, (SSL_CTX *, int, SSL_verify_cb)) \
    X(int, SSL_CTX_set_default_verify_paths, (SSL_CTX *)) \
    X(int, SSL_CTX_load_verify_locations, (SSL_CTX *, const char *, const char *)) \
    X(long, SSL_CTX_ctrl, (SSL_CTX *, int, long, void *)) \
    X(int, SSL_CTX_use_certificate_chain_file, (SSL_CTX *, const char *)) \
    X(int, SSL_CTX_use_PrivateKey_file, (SSL_CTX *, const char *, int)) \
    X(SSL *, SSL_new, (SSL_CTX *)) \
    X(void, SSL_free, (SSL *)) \
    X(int, SSL_set_fd, (SSL *, int)) \
    X(long, SSL_ctrl, (SSL *, int, long, void *)) \
    X(int, SSL_set1_host, (SSL *, const char *)) \
    X(X509_VERIFY_PARAM *, SSL_get0_param, (SSL *)) \
    X(int, SSL_set_alpn_protos, (SSL *, const unsigned char *, unsigned int)) \
    X(void, SSL_set_connect_state, (SSL *)) \
    X(void, SSL_set_accept_state, (SSL *)) \
    X(int, SSL_do_handshake, (SSL *)) \
    X(int, SSL_read, (SSL *, void *, int)) \
    X(int, SSL_write, (SSL *, const void *, int)) \
    X(int, SSL_get_error, (const SSL *, int)) \
    X(long, SSL_get_verify_result, (const SSL *)) \
    X(const char *, SSL_get_version, (const SSL *)) \
    X(unsigned long, ERR_get_error, (void)) \
    X(void, ERR_clear_error, (void)) \
    X(void, ERR_error_string_n, (unsigned long, char *, size_t)) \
    X(const char *, X509_verify_cert_error_string, (long)) \
    X(int, X509_VERIFY_PARAM_set1_ip_asc, (X509_VERIFY_PARAM *, const char *))

#define VEET_TLS_POINTER(result, name, arguments) result (*name) arguments;
static struct { VEET_TLS_FUNCTIONS(VEET_TLS_POINTER) } ssl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[160];

static void load_library(void) {
    const char *names[] = {"libssl.so.3", "libssl.so"};
    void *handle = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++) {
        handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (handle == NULL) {
        snprintf(load_error, sizeof load_error, "TLS needs OpenSSL 3 (libssl3), which is not installed: %s", dlerror());
        return;
    }
#define VEET_TLS_RESOLVE(result, name, arguments) \
    if ((*(void **)&ssl.name = dlsym(handle, #name)) == NULL) { \
        snprintf(load_error, sizeof load_error, "the installed libssl lacks %s (OpenSSL 3 is needed)", #name); \
        return; \
    }
    VEET_TLS_FUNCTIONS(VEET_TLS_RESOLVE)
}

const char *veet_tls_load(void) {
    pthread_once(&load_once, load_library);
    return load_error[0] ? load_error : NULL;
}

static void say(char *error, size_t size, const char *what) {
    unsigned long code = ssl.ERR_get_error ? ssl.ERR_get_error() : 0;
    char detail[256] = "";
    if (code != 0) ssl.ERR_error_string_n(code, detail, sizeof detail);
    if (ssl.ERR_clear_error) ssl.ERR_clear_error();
    snprintf(error, size, "%s%s%s", what, detail[0] ? ": " : "", detail);
}

// A write to a socket the peer has closed raises SIGPIPE, which would end the
// process. It is blocked around each call and, when the call raised it,
// taken from the pending set before the old mask returns.
typedef struct { sigset_t old; int was_pending; } pipe_guard;

static pipe_guard guard_begin(void) {
    pipe_guard guard;
    sigset_t pending, pipe_only;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    sigpending(&pending);
    guard.was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &guard.old);
    return guard;
}

static void guard_end(pipe_guard guard) {
    sigset_t pending, pipe_only;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    sigpending(&pending);
    if (!guard.was_pending && sigismember(&pending, SIGPIPE)) {
        const struct timespec now = {0, 0};
        while (sigtimedwait(&pipe_only, NULL, &now) < 0 && errno == EINTR) {}
    }
    pthread_sigmask(SIG_SETMASK, &guard.old, NULL);
}

static pthread_once_t client_once = PTHREAD_ONCE_INIT;
static SSL_CTX *system_roots_context;

static SSL_CTX *client_context(const char *ca_file, char *error, size_t size) {
    SSL_CTX *context = ssl.SSL_CTX_new(ssl.TLS_client_method());
    if (context == NULL) { say(error, size, "cannot make a TLS context"); return NULL; }
    ssl.SSL_CTX_set_verify(context, SSL_VERIFY_PEER, NULL);
    ssl.SSL_CTX_ctrl(context, SSL_CTRL_SET_MIN_PROTO_VERSION, TLS1_2_VERSION, NULL);
    ssl.SSL_CTX_ctrl(context, SSL_CTRL_MODE, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER, NULL);
    int trusted = ca_file ? ssl.SSL_CTX_load_verify_locations(context, ca_file, NULL)
                          : ssl.SSL_CTX_set_default_verify_paths(context);
    if (trusted != 1) {
        char what[300];
        snprintf(what, sizeof what, "cannot read the trusted certificates%s%s", ca_file ? " in " : "", ca_file ? ca_file : "");
        say(error, size, what);
        ssl.SSL_CTX_free(context);
        return NULL;
    }
    return context;
}

static void make_system_roots_context(void) {
    char ignored[8];
    system_roots_context = client_context(NULL, ignored, sizeof ignored);
}

static veet_tls *wrap(SSL *session, int fd, char *error, size_t size) {
    if (session == NULL) { say(error, size, "cannot make a TLS session"); return NULL; }
    if (ssl.SSL_set_fd(session, fd) != 1) { say(error, size, "cannot attach TLS to the socket"); ssl.SSL_free(session); return NULL; }
    veet_tls *wrapped = calloc(1, sizeof *wrapped);
    if (wrapped == NULL) { ssl.SSL_free(session); snprintf(error, size, "out of memory"); return NULL; }
    wrapped->ssl = session;
    return wrapped;
}

veet_tls *veet_tls_client(int fd, const char *host, int host_is_ip, const char *ca_file,
                          char *error, size_t error_size) {
    const char *missing = veet_tls_load();
    if (missing) { snprintf(error, error_size, "%s", missing); return NULL; }
    SSL_CTX *context;
    if (ca_file) {
        context = client_context(ca_file, error, error_size);
    } else {
        pthread_once(&client_once, make_system_roots_context);
        context = system_roots_context;
        if (context == NULL) context = client_context(NULL, error, error_size);  // says why
    }
    if (context == NULL) return NULL;
    SSL *session = ssl.SSL_new(context);
    if (ca_file || context != system_roots_context) ssl.SSL_CTX_free(context);  // the session holds its own reference
    veet_tls *wrapped = wrap(session, fd, error, error_size);
    if (wrapped == NULL) return NULL;
    int checked = host_is_ip ? ssl.X509_VERIFY_PARAM_set1_ip_asc(ssl.SSL_get0_param(session), host)
                             : ssl.SSL_set1_host(session, host);
    if (!host_is_ip) ssl.SSL_ctrl(session, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, (void *)host);
    static const unsigned char http11[] = "\x08http/1.1";
    if (checked != 1 || ssl.SSL_set_alpn_protos(session, http11, sizeof http11 - 1) != 0) {
        say(error, error_size, "cannot set the name to check the certificate against");
        veet_tls_free(wrapped);
        return NULL;
    }
    ssl.SSL_set_connect_state(session);
    return wrapped;
}

veet_tls *veet_tls_server(int fd, const char *certificate_file, const char *key_file,
                          char *error, size_t error_size) {
    const char *missing = veet_tls_load();
    if (missing) { snprintf(error, error_size, "%s", missing); return NULL; }
    SSL_CTX *context = ssl.SSL_CTX_new(ssl.TLS_server_method());
    if (context == NULL) { say(error, error_size, "cannot make a TLS context"); return NULL; }
    if (ssl.SSL_CTX_use_certificate_chain_file(context, certificate_file) != 1
        || ssl.SSL_CTX_use_PrivateKey_file(context, key_file, SSL_FILETYPE_PEM) != 1) {
        say(error, error_size, "cannot read the server's certificate or key");
        ssl.SSL_CTX_free(context);
        return NULL;
    }
    SSL *session = ssl.SSL_new(context);
    ssl.SSL_CTX_free(context);
    veet_tls *wrapped = wrap(session, fd, error, error_size);
    if (wrapped) ssl.SSL_set_accept_state(session);
    return wrapped;
}

// What SSL_get_error means for the caller; `result` is the call's return.
static long outcome(veet_tls *session, int result, char *error, size_t size, const char *what) {
    int reason = ssl.SSL_get_error(session->ssl, result);
    switch (reason) {
    case SSL_ERROR_WANT_READ: return VEET_TLS_WANT_READ;
    case SSL_ERROR_WANT_WRITE: return VEET_TLS_WANT_WRITE;
    case SSL_ERROR_ZERO_RETURN: return 0;
    case SSL_ERROR_SYSCALL:
        if (errno == 0) {
            ssl.ERR_clear_error();
            snprintf(error, size, "%s: the connection was closed", what);
            return VEET_TLS_CLOSED;
        }
        snprintf(error, size, "%s: %s", what, strerror(errno));
        if (ssl.ERR_clear_error) ssl.ERR_clear_error();
        return VEET_TLS_FAILED;
    default: {
        long verified = ssl.SSL_get_verify_result(session->ssl);
        if (verified != X509_V_OK) {
            if (ssl.ERR_clear_error) ssl.ERR_clear_error();
            snprintf(error, size, "%s", ssl.X509_verify_cert_error_string(verified));
            return VEET_TLS_UNTRUSTED;
        }
        unsigned long code = ssl.ERR_get_error();
        if (ERR_GET_REASON(code) == SSL_R_UNEXPECTED_EOF_WHILE_READING) {
            ssl.ERR_clear_error();
            snprintf(error, size, "%s: the connection was cut without a TLS close", what);
            return VEET_TLS_CLOSED;
        }
        char detail[256] = "";
        if (code != 0) ssl.ERR_error_string_n(code, detail, sizeof detail);
        ssl.ERR_clear_error();
        snprintf(error, size, "%s%s%s", what, detail[0] ? ": " : "", detail);
        return VEET_TLS_FAILED;
    }
    }
}

int veet_tls_handshake(veet_tls *session, char *error, size_t error_size) {
    ssl.ERR_clear_error();
    errno = 0;
    pipe_guard guard = guard_begin();
    int result = ssl.SSL_do_handshake(session->ssl);
    guard_end(guard);
    if (result == 1) return VEET_TLS_DONE;
    long code = outcome(session, result, error, error_size, "the TLS handshake failed");
    if (code != 0) return (int)code;
    snprintf(error, error_size, "the TLS handshake failed: the server closed the session");
    return VEET_TLS_CLOSED;
}

long veet_tls_read(veet_tls *session, void *buffer, size_t length, char *error, size_t error_size) {
    ssl.ERR_clear_error();
    errno = 0;
    int wanted = length > 1 << 30 ? 1 << 30 : (int)length;
    pipe_guard guard = guard_begin();
    int result = ssl.SSL_read(session->ssl, buffer, wanted);
    guard_end(guard);
    if (result > 0) return result;
    return outcome(session, result, error, error_size, "reading from the server failed");
}

long veet_tls_write(veet_tls *session, const void *buffer, size_t length, char *error, size_t error_size) {
    ssl.ERR_clear_error();
    errno = 0;
    int wanted = length > 1 << 30 ? 1 << 30 : (int)length;
    pipe_guard guard = guard_begin();
    int result = ssl.SSL_write(session->ssl, buffer, wanted);
    guard_end(guard);
    if (result > 0) return result;
    long code = outcome(session, result, error, error_size, "writing to the server failed");
    if (code != 0) return code;
    snprintf(error, error_size, "writing to the server failed: the server closed the session");
    return VEET_TLS_CLOSED;
}

const char *veet_tls_version(veet_tls *session) {
    return ssl.SSL_get_version(session->ssl);
}

void veet_tls_free(veet_tls *session) {
    if (session == NULL) return;
    ssl.SSL_free(session->ssl);
    free(session);
}
