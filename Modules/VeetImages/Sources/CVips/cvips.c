// See cvips.h. Every libvips and GLib function is called through a pointer
// found with dlsym, so this file never links libvips. The table is filled
// once (pthread_once) and only read afterwards; libvips itself is safe to
// call from any thread once started. The enum values below are libvips 8's
// (vips/resample.h, foreign.h, image.h), which keeps them stable.
#define _GNU_SOURCE
#include "cvips.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

enum { SIZE_DOWN = 2, FAIL_ON_TRUNCATED = 1, ACCESS_SEQUENTIAL = 1, FORMAT_UCHAR = 0, INTERPRETATION_SRGB = 22 };
enum { LOG_WARNING = 1 << 4, LOG_MESSAGE = 1 << 5, LOG_INFO = 1 << 6 };

typedef cvips_image I;
typedef void (*log_function)(const char *, int, const char *, void *);

#define CVIPS_FUNCTIONS(X) \
    X(int, vips_init, (const char *)) \
    X(int, vips_version, (int)) \
    X(void, vips_cache_set_max, (int)) \
    X(char *, vips_error_buffer_copy, (void)) \
    X(I *, vips_image_new_from_buffer, (const void *, size_t, const char *, ...)) \
    X(int, vips_thumbnail_image, (I *, I **, int, ...)) \
    X(I *, vips_image_copy_memory, (I *)) \
    X(int, vips_image_get_width, (const I *)) \
    X(int, vips_image_get_height, (const I *)) \
    X(int, vips_image_hasalpha, (I *)) \
    X(void *, vips_array_double_new, (const double *, int)) \
    X(void, vips_area_unref, (void *)) \
    X(int, vips_flatten, (I *, I **, ...)) \
    X(int, vips_jpegsave_buffer, (I *, void **, size_t *, ...)) \
    X(int, vips_pngsave_buffer, (I *, void **, size_t *, ...)) \
    X(int, vips_xyz, (I **, int, int, ...)) \
    X(int, vips_linear, (I *, I **, const double *, const double *, int, ...)) \
    X(int, vips_extract_band, (I *, I **, int, ...)) \
    X(int, vips_bandjoin2, (I *, I *, I **, ...)) \
    X(int, vips_cast, (I *, I **, int, ...)) \
    X(int, vips_copy, (I *, I **, ...)) \
    X(char **, vips_image_get_fields, (I *)) \
    X(void, g_object_unref, (void *)) \
    X(void, g_free, (void *)) \
    X(void, g_strfreev, (char **)) \
    X(unsigned, g_log_set_handler, (const char *, int, log_function, void *))

#define CVIPS_POINTER(result, name, arguments) result (*name) arguments;
static struct { CVIPS_FUNCTIONS(CVIPS_POINTER) } vips;

static pthread_once_t start_once = PTHREAD_ONCE_INIT;
static char start_error[200];

/// libvips's warnings (a damaged file, a loader's notes) are not written to
/// stderr, which a full-screen program draws on; failures come back as errors.
static void quiet(const char *domain, int level, const char *message, void *data) {
    (void)domain; (void)level; (void)message; (void)data;
}

static void start(void) {
    const char *names[] = {"libvips.so.42", "libvips.so"};
    void *handle = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && handle == NULL; i++) {
        handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    }
    if (handle == NULL) {
        snprintf(start_error, sizeof start_error, "images need libvips 8 (libvips42), which is not installed: %s", dlerror());
        return;
    }
#define CVIPS_RESOLVE(result, name, arguments) \
    if ((*(void **)&vips.name = dlsym(handle, #name)) == NULL) { \
        snprintf(start_error, sizeof start_error, "the installed libvips lacks %s (8.12 or later is needed)", #name); \
        return; \
    }
    CVIPS_FUNCTIONS(CVIPS_RESOLVE)
    if (vips.vips_version(0) != 8 || vips.vips_version(1) < 12) {
        snprintf(start_error, sizeof start_error, "libvips %d.%d is installed; 8.12 or later is needed",
                 vips.vips_version(0), vips.vips_version(1));
        return;
    }
    if (vips.vips_init("veet") != 0) {
        snprintf(start_error, sizeof start_error, "libvips did not start");
        return;
    }
    vips.g_log_set_handler("VIPS", LOG_WARNING | LOG_MESSAGE | LOG_INFO, quiet, NULL);
    // Operations are never reused from the cache: its keys include buffer
    // addresses, which a later buffer may share.
    vips.vips_cache_set_max(0);
}

const char *cvips_start(void) {
    pthread_once(&start_once, start);
    return start_error[0] ? start_error : NULL;
}

char *cvips_last_error(void) { return vips.vips_error_buffer_copy ? vips.vips_error_buffer_copy() : NULL; }

I *cvips_load(const void *buf, size_t len) { return vips.vips_image_new_from_buffer(buf, len, "", NULL); }

int cvips_thumbnail(const void *buf, size_t len, int box, I **out) {
    I *in = vips.vips_image_new_from_buffer(buf, len, "", "fail_on", FAIL_ON_TRUNCATED, "access", ACCESS_SEQUENTIAL, NULL);
    if (!in) return -1;
    I *lazy = NULL;
    int failed = vips.vips_thumbnail_image(in, &lazy, box, "height", box, "size", SIZE_DOWN, NULL);
    vips.g_object_unref(in);
    if (failed) return -1;
    *out = vips.vips_image_copy_memory(lazy);
    vips.g_object_unref(lazy);
    return *out ? 0 : -1;
}

int cvips_width(I *image) { return vips.vips_image_get_width(image); }
int cvips_height(I *image) { return vips.vips_image_get_height(image); }
int cvips_has_alpha(I *image) { return vips.vips_image_hasalpha(image); }

int cvips_flatten_white(I *in, I **out) {
    double white[3] = {255, 255, 255};
    void *background = vips.vips_array_double_new(white, 3);
    int result = vips.vips_flatten(in, out, "background", background, NULL);
    vips.vips_area_unref(background);
    return result;
}

int cvips_jpeg(I *in, int quality, int strip, void **buf, size_t *len) {
    return vips.vips_jpegsave_buffer(in, buf, len, "Q", quality, "strip", strip ? 1 : 0, NULL);
}

int cvips_png(I *in, void **buf, size_t *len) { return vips.vips_pngsave_buffer(in, buf, len, "strip", 1, NULL); }

int cvips_gradient(int width, int height, I **out) {
    I *xy = NULL, *scaled = NULL, *first = NULL, *joined = NULL, *cast = NULL;
    int result = -1;
    double scale[2] = {255.0 / (width > 1 ? width - 1 : 1), 255.0 / (height > 1 ? height - 1 : 1)};
    double offset[2] = {0, 0};
    if (vips.vips_xyz(&xy, width, height, NULL)) goto done;
    if (vips.vips_linear(xy, &scaled, scale, offset, 2, NULL)) goto done;
    if (vips.vips_extract_band(scaled, &first, 0, NULL)) goto done;
    if (vips.vips_bandjoin2(scaled, first, &joined, NULL)) goto done;
    if (vips.vips_cast(joined, &cast, FORMAT_UCHAR, NULL)) goto done;
    if (vips.vips_copy(cast, out, "interpretation", INTERPRETATION_SRGB, NULL)) goto done;
    result = 0;
done:
    if (xy) vips.g_object_unref(xy);
    if (scaled) vips.g_object_unref(scaled);
    if (first) vips.g_object_unref(first);
    if (joined) vips.g_object_unref(joined);
    if (cast) vips.g_object_unref(cast);
    return result;
}

char **cvips_fields(I *image) { return vips.vips_image_get_fields(image); }
void cvips_release(I *image) { vips.g_object_unref(image); }
void cvips_free(void *memory) { vips.g_free(memory); }
void cvips_free_strings(char **strings) { vips.g_strfreev(strings); }
