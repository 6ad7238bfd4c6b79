/* solve/text.c -- the line reader (see solve/text.h): no Python, no allocation, one pass.
 * Compiled again for each instruction level (isa/isa.h). */
#include "solve/text.h"

static int is_ws(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static int is_sep(unsigned char c)
{
    return c == ' ' || c == '\t' || c == ',' || c == ':' || c == ';' || c == '#';
}

int sk_line_kind(const unsigned char *line, size_t len)
{
    size_t s = 0;
    while (s < len && is_ws(line[s]))
        s++;
    if (s == len)
        return SK_LINE_EMPTY;
    return line[s] == '#' ? SK_LINE_COMMENT : SK_LINE_OK;
}

int sk_read_line(const unsigned char *line, size_t len, const uint8_t table[256],
                 size_t ncells, uint8_t *out, size_t *where, size_t *found)
{
    size_t s = 0, e = len;
    while (s < e && is_ws(line[s]))
        s++;
    while (e > s && is_ws(line[e - 1]))
        e--;
    if (s == e)
        return SK_LINE_EMPTY;
    if (line[s] == '#')
        return SK_LINE_COMMENT;
    if (e - s >= ncells && (e - s == ncells || is_sep(line[s + ncells]))) {
        /* the common case in one pass: ncells symbols, then the end or a separator */
        size_t k = 0;
        for (; k < ncells; k++) {
            unsigned char c = line[s + k];
            uint8_t v = table[c];
            if (v == SK_NOT_A_SYMBOL || is_sep(c))
                break;
            out[k] = v;
        }
        if (k == ncells)
            return SK_LINE_OK;
        /* else: the field is read again below, for the error (out is the caller's scratch) */
    }
    size_t f = s;
    while (f < e && !is_sep(line[f]))
        f++;
    if (f - s != ncells) {
        for (size_t k = s; k < f; k++)  /* garbage is named before cells are counted */
            if (line[k] >= 0x80 || line[k] < 0x20 || line[k] == 0x7f) {
                if (where)
                    *where = k;
                return SK_LINE_CHAR;
            }
        if (where)
            *where = s;
        if (found)
            *found = f - s;
        return SK_LINE_LENGTH;
    }
    for (size_t k = 0; k < ncells; k++) {
        uint8_t v = table[line[s + k]];
        if (v == SK_NOT_A_SYMBOL) {
            if (where)
                *where = s + k;
            return SK_LINE_CHAR;
        }
        out[k] = v;
    }
    return SK_LINE_OK;
}
