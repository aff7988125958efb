// libvips for VeetImages, loaded with dlopen the first time an image is
// prepared: linking it would load libvips and some hundred libraries of its
// own (about 60 ms and 22 MB) into every run of every command. The header
// names only an opaque image type, so Swift needs no libvips or GLib headers,
// and its functions take fixed arguments where libvips's are variadic.
#ifndef CVIPS_H
#define CVIPS_H

#include <stddef.h>

typedef struct cvips_image cvips_image;

/// Loads and starts libvips once per process (later calls only read the
/// outcome). NULL when it is ready, else why not.
const char *cvips_start(void);

/// libvips's error text since the last call (its buffer is per process),
/// emptied; free it with cvips_free.
char *cvips_last_error(void);

/// The image in `buf`, header read, pixels decoded lazily; NULL when no loader takes it.
cvips_image *cvips_load(const void *buf, size_t len);

/// Decodes `buf` fully, turned upright by its orientation tag, shrunk (never
/// enlarged) to fit `box` x `box`, into memory; 0 on success. A file cut
/// short fails instead of coming back with grey where its end was.
int cvips_thumbnail(const void *buf, size_t len, int box, cvips_image **out);

int cvips_width(cvips_image *image);
int cvips_height(cvips_image *image);
int cvips_has_alpha(cvips_image *image);

/// Alpha flattened over white; 0 on success.
int cvips_flatten_white(cvips_image *in, cvips_image **out);

/// Baseline JPEG at `quality`, every metadata field left out when `strip`; 0 on success.
int cvips_jpeg(cvips_image *in, int quality, int strip, void **buf, size_t *len);

/// PNG without metadata; 0 on success.
int cvips_png(cvips_image *in, void **buf, size_t *len);

/// An sRGB gradient `width` x `height`, 8 bits a channel; 0 on success.
int cvips_gradient(int width, int height, cvips_image **out);

/// The names of the image's header and metadata fields, NULL-terminated;
/// free with cvips_free_strings.
char **cvips_fields(cvips_image *image);

void cvips_release(cvips_image *image);
void cvips_free(void *memory);
void cvips_free_strings(char **strings);

#endif
