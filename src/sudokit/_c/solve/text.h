/* solve/text.h -- the C text reader for the line notation (one puzzle per line).
 *
 * The spelling is not known here: every call takes the 256-byte table that
 * symbols.reading_table() builds in Python (byte -> value, 0 = blank, 255 = spells
 * nothing; bytes from 0x80 up are always 255).  So the C reader, batch's pure-Python
 * reader and formats read the same lines with the same values.
 *
 * One line (no '\n' inside):
 *
 *     [ws] field [sep comment...] [ws]        ws  = ' ' '\t' '\r' '\v' '\f'
 *                                             sep = ' ' '\t' ',' ':' ';' '#'
 *
 * The field is the puzzle: exactly ncells bytes, each one a symbol or a blank.  A
 * control byte or a byte from 0x80 up in a field of the wrong length is reported as
 * SK_LINE_CHAR (garbage is named before cells are counted, as formats does).
 */
#ifndef SK_TEXT_H
#define SK_TEXT_H

#include <stddef.h>
#include <stdint.h>

#define SK_NOT_A_SYMBOL 255

enum {
    SK_LINE_OK = 0,      /* values written */
    SK_LINE_EMPTY = 1,   /* only whitespace: no record */
    SK_LINE_COMMENT = 2, /* first non-blank byte is '#': no record */
    SK_LINE_LENGTH = 3,  /* the field is not ncells long (*where = field start, *found = length) */
    SK_LINE_CHAR = 4     /* *where = offset of the first byte that spells nothing */
};

/* Read one line of len bytes into out[ncells]; return an SK_LINE_* code.
 * *where and *found (either may be NULL) give the details described above. */
int sk_read_line(const unsigned char *line, size_t len, const uint8_t table[256],
                 size_t ncells, uint8_t *out, size_t *where, size_t *found);

/* Whether a line holds a record, without reading it: SK_LINE_EMPTY, SK_LINE_COMMENT (as
 * sk_read_line would say) or SK_LINE_OK (a record, good or bad: sk_read_line tells). */
int sk_line_kind(const unsigned char *line, size_t len);

#endif
