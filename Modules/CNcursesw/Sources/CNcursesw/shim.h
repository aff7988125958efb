#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <stdio.h>
#include <ncursesw/curses.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

// Swift cannot import function-like macros or C globals safely under strict
// concurrency, so the few that VeetCurses needs are re-exposed as functions.

static inline attr_t veet_attr_bold(void) { return A_BOLD; }
static inline attr_t veet_attr_dim(void) { return A_DIM; }
static inline attr_t veet_attr_italic(void) { return A_ITALIC; }
static inline attr_t veet_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t veet_attr_reverse(void) { return A_REVERSE; }
static inline attr_t veet_attr_normal(void) { return A_NORMAL; }

static inline WINDOW *veet_stdscr(void) { return stdscr; }
static inline int veet_colors(void) { return COLORS; }
static inline int veet_color_pairs(void) { return COLOR_PAIRS; }
static inline int veet_cchar_max(void) { return CCHARW_MAX; }

/// The terminal's size in cells from the kernel; 0 when unknown.
static inline int veet_window_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) { return -1; }
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

/// setcchar with an extended (int) colour pair number.
static inline int veet_setcchar(cchar_t *cell, const wchar_t *text, attr_t attributes, int pair) {
    return setcchar(cell, text, attributes, 0, &pair);
}

/// newterm on the process's own stdout/stdin (C globals Swift 6 will not touch).
static inline SCREEN *veet_newterm(const char *type) { return newterm(type, stdout, stdin); }
static inline void veet_flush_stdout(void) { fflush(stdout); }

#include <langinfo.h>
#include <string.h>
#include <wchar.h>

/// The C library's column count for one wide character (what ncurses uses).
static inline int veet_wcwidth(wchar_t character) { return wcwidth(character); }

/// Whether the current LC_CTYPE encodes UTF-8.
static inline int veet_locale_is_utf8(void) { return strcmp(nl_langinfo(CODESET), "UTF-8") == 0; }
