/* The learning environments' hot loop in C (ludotheque.rl, docs/rl.md « Speed »).
 *
 * encode(program, size, view, seat): a new float32 array of `size` floats, the observation
 * written by the features of encoding.py, each declared once as an op (a tuple, see OP_*
 * below); `program` is their tuple. Without this module, encoding.PYTHON generates Python from
 * the same ops, one generator per case of run_op's switch, line for line: the same type tests
 * (exact int, float, list, dict, str), the same dict lookups (so 1, 1.0 and True find the same
 * entry), the same errors. The tests compare both, and a straightforward reference, on random
 * views and at every step of random games.
 *
 * slots(legal, tables): (the slot of each legal action found by a table, Ellipsis where the
 * codec's Python must decide, how many Ellipsis) — actions.Families.slots says the tables.
 *
 * mask(slots, size): (an int8 array of `size` zeros with a one at each slot, how many slots
 * were None or repeated) — the first of a slot's actions keeps it.
 *
 * The arrays are made by numpy's C API: a third of the cost of np.zeros from Python, which
 * counts when the whole observation takes a microsecond.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>

enum {
    OP_NUM = 0,         /* (op, path, at, scale) */
    OP_FLAG = 1,        /* (op, path, at) */
    OP_ONEHOT = 2,      /* (op, path, at, {value: absolute index}) */
    OP_PERSEAT = 3,     /* (op, path, at, players, scale, by path|None) */
    OP_SEATINDEX = 4,   /* (op, path, at, players) */
    OP_SEATSET = 5,     /* (op, path, at, players) */
    OP_COUNTS = 6,      /* (op, path, at, {token: absolute index}) */
    OP_MEMO = 7,        /* (op, path, at, memo, width): a text's block from its memory */
    OP_SLOTS = 8,       /* (op, path, at, {token: index}, length, vocab size) */
    OP_NUMS = 9,        /* (op, path, at, length, scale) */
    OP_BITS = 10,       /* (op, path, at, length, width) */
    OP_SEATCOUNTS = 11, /* (op, path, at, players, {token: index}, vocab size, by|None) */
    OP_SEATMEMO = 12,   /* (op, path, at, players, memo, width, by path|None) */
    OP_SEATONEHOT = 13, /* (op, path, at, players, ({value: absolute index}, ...), field|None) */
    OP_LEN = 14,        /* (op, path, at, scale) */
    OP_MEMBERS = 15,    /* (op, path, at, {value: absolute index}, part|None) */
    OP_PAIRS = 16,      /* (op, path, at, {key: absolute offset}, {value: index}) */
    OP_CUSTOM = 17,     /* (op, fn, at, width, dense, key): fn(view, seat) */
    OP_SORTED = 18,     /* (op, path, at, {token: index}, length, vocab size, key function) */
    OPS = 19,           /* how many kinds: encoding.PYTHON has a generator for each */
};

static PyObject *sorted_builtin; /* builtins.sorted, for OP_SORTED */

/* The field at `path` (a tuple of str keys, None standing for « the observer's entry of a
 * list »), as encoding._read: None when a field is missing or a value on the way has not the
 * type the step needs. A borrowed reference, or NULL with an exception set. */
static PyObject *
read_path(PyObject *view, PyObject *path, Py_ssize_t seat)
{
    Py_ssize_t n = PyTuple_GET_SIZE(path);
    PyObject *x = view;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *part = PyTuple_GET_ITEM(path, k);
        if (part == Py_None) {
            if (PyList_CheckExact(x) && seat < PyList_GET_SIZE(x))
                x = PyList_GET_ITEM(x, seat);
            else
                return Py_None;
        }
        else {
            if (k > 0 && !PyDict_CheckExact(x)) /* the view itself may be a dict subclass */
                return Py_None;
            PyObject *y = PyDict_GetItemWithError(x, part);
            if (y == NULL) {
                if (PyErr_Occurred())
                    return NULL;
                return Py_None;
            }
            x = y;
        }
    }
    return x;
}

/* The index stored for `key` in `table` (a dict of ints): -1 if absent or unhashable when
 * `unhashable_is_absent`, -2 with an exception set on error. */
static Py_ssize_t
lookup(PyObject *table, PyObject *key, int unhashable_is_absent)
{
    PyObject *i = PyDict_GetItemWithError(table, key);
    if (i == NULL) {
        if (PyErr_Occurred()) {
            if (unhashable_is_absent && PyErr_ExceptionMatches(PyExc_TypeError)) {
                PyErr_Clear();
                return -1;
            }
            return -2;
        }
        return -1;
    }
    return PyLong_AsSsize_t(i);
}

/* y / scale for an exact int or float y; -1 with an exception set on overflow. */
static int
divided(PyObject *y, double scale, double *out)
{
    double v;
    if (PyFloat_CheckExact(y)) {
        v = PyFloat_AS_DOUBLE(y);
    }
    else {
        v = PyLong_AsDouble(y);
        if (v == -1.0 && PyErr_Occurred())
            return -1;
    }
    *out = v / scale;
    return 0;
}

/* Python's truth of an exact int or float (nonzero; a NaN is true). */
static int
number_is_true(PyObject *y)
{
    if (PyFloat_CheckExact(y))
        return PyFloat_AS_DOUBLE(y) != 0.0;
    return PyObject_IsTrue(y) > 0; /* an int's truth cannot fail */
}

static int
is_number(PyObject *y)
{
    return PyLong_CheckExact(y) || PyFloat_CheckExact(y);
}

/* out[at + i] += 1 for each token of iterable x found in table (x false: nothing). */
static int
count_tokens(PyObject *x, PyObject *table, float *out, Py_ssize_t at, Py_ssize_t size)
{
    int truth = PyObject_IsTrue(x);
    if (truth <= 0)
        return truth;
    PyObject *it = PyObject_GetIter(x);
    if (it == NULL)
        return -1;
    PyObject *y;
    while ((y = PyIter_Next(it)) != NULL) {
        Py_ssize_t i = lookup(table, y, 0);
        Py_DECREF(y);
        if (i == -2) {
            Py_DECREF(it);
            return -1;
        }
        if (i >= 0) {
            if (at + i >= size) {
                Py_DECREF(it);
                PyErr_SetString(PyExc_IndexError, "observation index out of range");
                return -1;
            }
            out[at + i] = (float)((double)out[at + i] + 1.0);
        }
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
}

/* Copy the block memo[text] (an array of `width` float32, computed by the memory's
 * __missing__ on first use) to out[at:at + width]. */
static int
copy_memo(PyObject *memo, PyObject *text, float *out, Py_ssize_t at, Py_ssize_t width,
          Py_ssize_t size)
{
    PyObject *block = PyDict_GetItemWithError(memo, text);
    if (block != NULL) {
        Py_INCREF(block);
    }
    else {
        if (PyErr_Occurred())
            return -1;
        block = PyObject_GetItem(memo, text); /* __missing__ computes and keeps it */
        if (block == NULL)
            return -1;
    }
    Py_buffer b;
    if (PyObject_GetBuffer(block, &b, PyBUF_SIMPLE) < 0) {
        Py_DECREF(block);
        return -1;
    }
    int ok = b.len == width * (Py_ssize_t)sizeof(float) && at + width <= size;
    if (ok)
        memcpy(out + at, b.buf, (size_t)b.len);
    PyBuffer_Release(&b);
    Py_DECREF(block);
    if (!ok) {
        PyErr_SetString(PyExc_ValueError, "a memorised block has not the feature's width");
        return -1;
    }
    return 0;
}

static inline Py_ssize_t
rotate(Py_ssize_t seat, Py_ssize_t r, Py_ssize_t players)
{
    return (seat + r) % players;
}

static inline int
check_index(Py_ssize_t i, Py_ssize_t size)
{
    if (i < 0 || i >= size) {
        PyErr_SetString(PyExc_IndexError, "observation index out of range");
        return -1;
    }
    return 0;
}

/* x as a seat number of a table of `count` seats: an exact int in [0, count), else -1. */
static Py_ssize_t
seat_number(PyObject *x, Py_ssize_t count)
{
    if (!PyLong_CheckExact(x))
        return -1;
    int overflow;
    long long s = PyLong_AsLongLongAndOverflow(x, &overflow);
    return overflow || s < 0 || s >= count ? -1 : (Py_ssize_t)s;
}

/* Who comes first in a rotated per-seat list: the seat, or the index at the view field
 * `by` (a path, or None). 1 with *who set, 0 when `by` is not an index of `count` entries
 * (the block stays zeros), -1 on error. */
static int
observer(PyObject *by, PyObject *view, Py_ssize_t seat, Py_ssize_t count, Py_ssize_t *who)
{
    if (by == Py_None) {
        *who = seat;
        return 1;
    }
    PyObject *x = read_path(view, by, seat);
    if (x == NULL)
        return -1;
    *who = seat_number(x, count);
    return *who >= 0;
}

/* A Custom's fn(view, seat): a dict {index: value} of its non-zero floats, or with `dense`
 * an array of `width` float32 (the Python source's checks and messages). */
static int
run_custom(PyObject *op, PyObject *view, PyObject *seat_obj, float *out, Py_ssize_t size)
{
    PyObject *fn = PyTuple_GET_ITEM(op, 1);
    Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 2));
    Py_ssize_t width = PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 3));
    int dense = PyObject_IsTrue(PyTuple_GET_ITEM(op, 4));
    PyObject *key = PyTuple_GET_ITEM(op, 5);
    if (at + width > size) {
        PyErr_SetString(PyExc_IndexError, "observation index out of range");
        return -1;
    }
    PyObject *result = PyObject_CallFunctionObjArgs(fn, view, seat_obj, NULL);
    if (result == NULL)
        return -1;
    if (dense) {
        Py_buffer b;
        int ok = PyObject_GetBuffer(result, &b, PyBUF_FORMAT) == 0;
        if (!ok)
            PyErr_Clear();
        int fits = ok && b.format != NULL && strcmp(b.format, "f") == 0
                   && b.len == width * (Py_ssize_t)sizeof(float);
        if (fits)
            memcpy(out + at, b.buf, (size_t)b.len);
        if (ok)
            PyBuffer_Release(&b);
        Py_DECREF(result);
        if (!fits) {
            PyErr_Format(PyExc_ValueError, "%U: not an array of %zd floats", key, width);
            return -1;
        }
        return 0;
    }
    if (!PyDict_Check(result)) {
        PyErr_Format(PyExc_TypeError, "%U: a dict {index: value} expected, not %.100s", key,
                     Py_TYPE(result)->tp_name);
        Py_DECREF(result);
        return -1;
    }
    Py_ssize_t pos = 0;
    PyObject *i_obj, *y;
    while (PyDict_Next(result, &pos, &i_obj, &y)) {
        Py_ssize_t i = PyLong_AsSsize_t(i_obj);
        if (i == -1 && PyErr_Occurred())
            goto fail;
        if (i < 0 || i >= width) {
            PyErr_Format(PyExc_ValueError, "%U: index %zd outside its %zd floats", key, i, width);
            goto fail;
        }
        double v = PyFloat_AsDouble(y);
        if (v == -1.0 && PyErr_Occurred())
            goto fail;
        out[at + i] = (float)v;
    }
    Py_DECREF(result);
    return 0;
fail:
    Py_DECREF(result);
    return -1;
}

/* out[at + p * n + table[y]] = 1 for the p-th token y of x's first `length` (x false: none). */
static int
slot_tokens(PyObject *x, PyObject *table, Py_ssize_t length, Py_ssize_t n, float *out,
            Py_ssize_t at, Py_ssize_t size)
{
    PyObject *head = PySequence_GetSlice(x, 0, length);
    if (head == NULL)
        return -1;
    PyObject *it = PyObject_GetIter(head);
    Py_DECREF(head);
    if (it == NULL)
        return -1;
    PyObject *y;
    Py_ssize_t p = 0;
    while ((y = PyIter_Next(it)) != NULL) {
        Py_ssize_t i = lookup(table, y, 0);
        Py_DECREF(y);
        if (i == -2 || (i >= 0 && check_index(at + p * n + i, size) < 0)) {
            Py_DECREF(it);
            return -1;
        }
        if (i >= 0)
            out[at + p * n + i] = 1.0f;
        p++;
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : 0;
}

/* out[table[y]] = 1 when y is in table (an unhashable y is not): the one-hot of a value. */
static int
set_one(PyObject *table, PyObject *y, float *out, Py_ssize_t size)
{
    Py_ssize_t i = lookup(table, y, 1);
    if (i == -2 || (i >= 0 && check_index(i, size) < 0))
        return -1;
    if (i >= 0)
        out[i] = 1.0f;
    return 0;
}

/* The int (1 << width) - 1, a new reference (NULL with an exception set). */
static PyObject *
all_bits(Py_ssize_t width)
{
    if (width < 64)
        return PyLong_FromUnsignedLongLong((1ULL << width) - 1);
    PyObject *one = PyLong_FromLong(1), *shift = PyLong_FromSsize_t(width);
    PyObject *power = one && shift ? PyNumber_Lshift(one, shift) : NULL;
    PyObject *all = power ? PyNumber_Subtract(power, one) : NULL;
    Py_XDECREF(one);
    Py_XDECREF(shift);
    Py_XDECREF(power);
    return all;
}

/* out[at + b] = 1 for each bit b set in `bits`, a non-negative int (a stolen reference):
 * 64 bits at a time, the rest shifted down (masks wider than a machine word). */
static int
set_bits(PyObject *bits, float *out, Py_ssize_t at, Py_ssize_t size)
{
    static PyObject *word = NULL, *word_bits = NULL; /* 2**64 - 1 and 64 */
    if (word == NULL && (word = PyLong_FromUnsignedLongLong(~0ULL)) == NULL)
        goto fail;
    if (word_bits == NULL && (word_bits = PyLong_FromLong(64)) == NULL)
        goto fail;
    for (Py_ssize_t base = at;; base += 64) {
        unsigned long long v = PyLong_AsUnsignedLongLong(bits);
        int wide = v == (unsigned long long)-1 && PyErr_Occurred();
        if (wide && !PyErr_ExceptionMatches(PyExc_OverflowError))
            goto fail;
        if (wide) { /* more than 64 bits: the low word now, the rest next round */
            PyErr_Clear();
            PyObject *low = PyNumber_And(bits, word);
            if (low == NULL)
                goto fail;
            v = PyLong_AsUnsignedLongLong(low);
            Py_DECREF(low);
            if (v == (unsigned long long)-1 && PyErr_Occurred())
                goto fail;
        }
        for (Py_ssize_t b = 0; v; b++, v >>= 1) {
            if (v & 1) {
                if (check_index(base + b, size) < 0)
                    goto fail;
                out[base + b] = 1.0f;
            }
        }
        if (!wide)
            break;
        PyObject *rest = PyNumber_Rshift(bits, word_bits);
        Py_DECREF(bits);
        bits = rest;
        if (bits == NULL)
            return -1;
    }
    Py_DECREF(bits);
    return 0;
fail:
    Py_DECREF(bits);
    return -1;
}

static int
run_op(PyObject *op, PyObject *view, PyObject *seat_obj, Py_ssize_t seat, float *out,
       Py_ssize_t size)
{
    long kind = PyLong_AsLong(PyTuple_GET_ITEM(op, 0));
    if (kind == OP_CUSTOM)
        return run_custom(op, view, seat_obj, out, size);
    PyObject *x = read_path(view, PyTuple_GET_ITEM(op, 1), seat);
    if (x == NULL)
        return -1;
    Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 2));
    switch (kind) {
    case OP_NUM: {
        if (is_number(x)) {
            double v;
            if (divided(x, PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(op, 3)), &v) < 0)
                return -1;
            if (check_index(at, size) < 0)
                return -1;
            out[at] = (float)v;
        }
        return 0;
    }
    case OP_FLAG: {
        int truth = PyObject_IsTrue(x);
        if (truth < 0)
            return -1;
        if (truth) {
            if (check_index(at, size) < 0)
                return -1;
            out[at] = 1.0f;
        }
        return 0;
    }
    case OP_ONEHOT:
        return set_one(PyTuple_GET_ITEM(op, 3), x, out, size);
    case OP_PERSEAT: {
        Py_ssize_t players = PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 3));
        double scale = PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(op, 4));
        if (!PyList_CheckExact(x) || PyList_GET_SIZE(x) != players)
            return 0;
        Py_ssize_t who;
        int valid = observer(PyTuple_GET_ITEM(op, 5), view, seat, players, &who);
        if (valid <= 0)
            return valid;
        if (check_index(at + players - 1, size) < 0)
            return -1;
        for (Py_ssize_t r = 0; r < players; r++) {
            PyObject *y = PyList_GET_ITEM(x, rotate(who, r, players));
            double v;
            if (y == Py_True) {
                out[at + r] = (float)(1.0 / scale);
            }
            else if (is_number(y) && number_is_true(y)) {
                if (divided(y, scale, &v) < 0)
                    return -1;
                out[at + r] = (float)v;
            }
        }
        return 0;
    }
    case OP_SEATINDEX: /* a seat number, or (OP_SEATSET) a list of them, as one-hots */
    case OP_SEATSET: { /* by position relative to the observer (0 = self) */
        Py_ssize_t players = PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 3));
        int many = kind == OP_SEATSET;
        if (many && !PyList_CheckExact(x))
            return 0;
        Py_ssize_t n = many ? PyList_GET_SIZE(x) : 1;
        for (Py_ssize_t k = 0; k < n; k++) {
            Py_ssize_t s = seat_number(many ? PyList_GET_ITEM(x, k) : x, players);
            if (s < 0)
                continue;
            Py_ssize_t i = at + ((s - seat) % players + players) % players;
            if (check_index(i, size) < 0)
                return -1;
            out[i] = 1.0f;
        }
        return 0;
    }
    case OP_COUNTS:
        return count_tokens(x, PyTuple_GET_ITEM(op, 3), out, 0, size);
    case OP_MEMO: {
        if (!PyUnicode_CheckExact(x))
            return 0;
        return copy_memo(PyTuple_GET_ITEM(op, 3), x, out, at,
                         PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 4)), size);
    }
    case OP_SLOTS: {
        int truth = PyObject_IsTrue(x);
        if (truth <= 0)
            return truth;
        return slot_tokens(x, PyTuple_GET_ITEM(op, 3), PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 4)),
                           PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 5)), out, at, size);
    }
    case OP_SORTED: {
        int truth = PyObject_IsTrue(x);
        if (truth <= 0)
            return truth;
        PyObject *args = PyTuple_Pack(1, x);
        PyObject *kwargs = args ? Py_BuildValue("{sO}", "key", PyTuple_GET_ITEM(op, 6)) : NULL;
        PyObject *ordered = kwargs ? PyObject_Call(sorted_builtin, args, kwargs) : NULL;
        Py_XDECREF(args);
        Py_XDECREF(kwargs);
        if (ordered == NULL)
            return -1;
        int r = 0;
        if (PyObject_IsTrue(ordered))
            r = slot_tokens(ordered, PyTuple_GET_ITEM(op, 3),
                            PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 4)),
                            PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 5)), out, at, size);
        Py_DECREF(ordered);
        return r;
    }
    case OP_NUMS: {
        Py_ssize_t length = PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 3));
        double scale = PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(op, 4));
        if (!PyList_CheckExact(x))
            return 0;
        Py_ssize_t m = PyList_GET_SIZE(x) < length ? PyList_GET_SIZE(x) : length;
        for (Py_ssize_t r = 0; r < m; r++) {
            PyObject *y = PyList_GET_ITEM(x, r);
            double v;
            if (is_number(y) && number_is_true(y)) {
                if (divided(y, scale, &v) < 0 || check_index(at + r, size) < 0)
                    return -1;
                out[at + r] = (float)v;
            }
        }
        return 0;
    }
    case OP_BITS: {
        Py_ssize_t length = PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 3));
        Py_ssize_t width = PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 4));
        if (!PyList_CheckExact(x))
            return 0;
        PyObject *all = all_bits(width); /* (1 << width) - 1 */
        if (all == NULL)
            return -1;
        Py_ssize_t m = PyList_GET_SIZE(x) < length ? PyList_GET_SIZE(x) : length;
        for (Py_ssize_t r = 0; r < m; r++) {
            PyObject *bits = PyNumber_And(PyList_GET_ITEM(x, r), all); /* m &= …, as Python */
            if (bits == NULL || set_bits(bits, out, at + r * width, size) < 0) {
                Py_DECREF(all);
                return -1;
            }
        }
        Py_DECREF(all);
        return 0;
    }
    case OP_SEATCOUNTS: /* token lists counted, or texts (OP_SEATMEMO) by their memory */
    case OP_SEATMEMO: {
        Py_ssize_t players = PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 3));
        PyObject *table = PyTuple_GET_ITEM(op, 4);
        Py_ssize_t n = PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 5));
        if (!PyList_CheckExact(x) || PyList_GET_SIZE(x) != players)
            return 0;
        Py_ssize_t who;
        int valid = observer(PyTuple_GET_ITEM(op, 6), view, seat, players, &who);
        if (valid <= 0)
            return valid;
        for (Py_ssize_t r = 0; r < players; r++) {
            PyObject *z = PyList_GET_ITEM(x, rotate(who, r, players));
            if (kind == OP_SEATCOUNTS) {
                if (count_tokens(z, table, out, at + r * n, size) < 0)
                    return -1;
            }
            else if (PyUnicode_CheckExact(z) && copy_memo(table, z, out, at + r * n, n, size) < 0) {
                return -1;
            }
        }
        return 0;
    }
    case OP_SEATONEHOT: {
        Py_ssize_t players = PyLong_AsSsize_t(PyTuple_GET_ITEM(op, 3));
        PyObject *tables = PyTuple_GET_ITEM(op, 4);
        PyObject *field = PyTuple_GET_ITEM(op, 5);
        if (!PyList_CheckExact(x) || PyList_GET_SIZE(x) != players)
            return 0;
        for (Py_ssize_t r = 0; r < players; r++) {
            PyObject *y = PyList_GET_ITEM(x, rotate(seat, r, players));
            if (field != Py_None) {
                if (PyDict_CheckExact(y)) {
                    y = PyDict_GetItemWithError(y, field);
                    if (y == NULL) {
                        if (PyErr_Occurred())
                            return -1;
                        y = Py_None;
                    }
                }
                else {
                    y = Py_None;
                }
            }
            if (set_one(PyTuple_GET_ITEM(tables, r), y, out, size) < 0)
                return -1;
        }
        return 0;
    }
    case OP_LEN: {
        if (PyList_CheckExact(x)) {
            if (check_index(at, size) < 0)
                return -1;
            double scale = PyFloat_AS_DOUBLE(PyTuple_GET_ITEM(op, 3));
            out[at] = (float)((double)PyList_GET_SIZE(x) / scale);
        }
        return 0;
    }
    case OP_MEMBERS: {
        PyObject *table = PyTuple_GET_ITEM(op, 3);
        PyObject *part = PyTuple_GET_ITEM(op, 4);
        Py_ssize_t p = part == Py_None ? -1 : PyLong_AsSsize_t(part);
        if (!PyList_CheckExact(x))
            return 0;
        for (Py_ssize_t k = 0; k < PyList_GET_SIZE(x); k++) {
            PyObject *y = PyList_GET_ITEM(x, k);
            if (p >= 0) {
                if (PyList_CheckExact(y) && PyList_GET_SIZE(y) > p)
                    y = PyList_GET_ITEM(y, p);
                else if (PyTuple_CheckExact(y) && PyTuple_GET_SIZE(y) > p)
                    y = PyTuple_GET_ITEM(y, p);
                else
                    y = Py_None;
            }
            if (set_one(table, y, out, size) < 0)
                return -1;
        }
        return 0;
    }
    case OP_PAIRS: {
        PyObject *keys = PyTuple_GET_ITEM(op, 3), *values = PyTuple_GET_ITEM(op, 4);
        if (!PyDict_CheckExact(x))
            return 0;
        Py_ssize_t pos = 0;
        PyObject *k, *v;
        while (PyDict_Next(x, &pos, &k, &v)) {
            Py_ssize_t i = lookup(keys, k, 1);
            if (i == -2)
                return -1;
            Py_ssize_t j = lookup(values, v, 1);
            if (j == -2)
                return -1;
            if (i >= 0 && j >= 0) {
                if (check_index(i + j, size) < 0)
                    return -1;
                out[i + j] = 1.0f;
            }
        }
        return 0;
    }
    default:
        PyErr_Format(PyExc_ValueError, "unknown observation op %ld", kind);
        return -1;
    }
}

static PyObject *
fast_encode(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "encode(program, size, view, seat) takes 4 arguments");
        return NULL;
    }
    PyObject *program = args[0], *view = args[2];
    if (!PyTuple_CheckExact(program)) {
        PyErr_SetString(PyExc_TypeError, "the program must be a tuple of ops");
        return NULL;
    }
    npy_intp size = PyLong_AsSsize_t(args[1]);
    if (size == -1 && PyErr_Occurred())
        return NULL;
    if (!PyDict_Check(view)) {
        PyErr_Format(PyExc_TypeError, "a view is a dict, not %.100s", Py_TYPE(view)->tp_name);
        return NULL;
    }
    Py_ssize_t seat = PyLong_AsSsize_t(args[3]);
    if (seat == -1 && PyErr_Occurred())
        return NULL;
    if (seat < 0) {
        PyErr_SetString(PyExc_ValueError, "a seat is not negative");
        return NULL;
    }
    PyObject *array = PyArray_ZEROS(1, &size, NPY_FLOAT32, 0);
    if (array == NULL)
        return NULL;
    float *out = (float *)PyArray_DATA((PyArrayObject *)array);
    Py_ssize_t n = PyTuple_GET_SIZE(program);
    for (Py_ssize_t k = 0; k < n; k++) {
        if (run_op(PyTuple_GET_ITEM(program, k), view, args[3], seat, out, size) < 0) {
            Py_DECREF(array);
            return NULL;
        }
    }
    return array;
}

/* action.get(field), borrowed (None when missing), NULL with an exception on error. */
static PyObject *
field_of(PyObject *action, PyObject *field)
{
    PyObject *v = PyDict_GetItemWithError(action, field);
    if (v == NULL && !PyErr_Occurred())
        v = Py_None;
    return v;
}

/* The slot of one action by its family's table (see fast_slots), a new reference: an int,
 * None (no slot), Ellipsis (the codec's Python decides); NULL on error. */
static PyObject *
slot_of(PyObject *action, PyObject *tables, PyObject *type_key)
{
    if (!PyDict_Check(action))
        return Py_NewRef(Py_Ellipsis);
    PyObject *kind = PyDict_GetItemWithError(action, type_key);
    if (kind == NULL) {
        if (PyErr_Occurred())
            return NULL;
        return Py_NewRef(Py_Ellipsis);
    }
    PyObject *entry = PyDict_GetItemWithError(tables, kind);
    if (entry == NULL) {
        if (PyErr_Occurred()) {
            if (!PyErr_ExceptionMatches(PyExc_TypeError))
                return NULL;
            PyErr_Clear();
        }
        return Py_NewRef(Py_Ellipsis);
    }
    long code = PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
    if (code == 0 || code == 2) { /* one field: value -> slot; 2: a Custom's shortcut */
        PyObject *v = field_of(action, PyTuple_GET_ITEM(entry, 1));
        if (v == NULL)
            return NULL;
        Py_ssize_t i = lookup(PyTuple_GET_ITEM(entry, 2), v, 1);
        if (i == -2)
            return NULL;
        if (i >= 0)
            return PyLong_FromSsize_t(i);
        if (code == 2)
            return Py_NewRef(Py_Ellipsis);
        Py_RETURN_NONE;
    }
    /* 1: two fields, offset + first[a] * width + second[b] (board squares) */
    PyObject *a = field_of(action, PyTuple_GET_ITEM(entry, 1));
    if (a == NULL)
        return NULL;
    PyObject *b = field_of(action, PyTuple_GET_ITEM(entry, 2));
    if (b == NULL)
        return NULL;
    Py_ssize_t i = lookup(PyTuple_GET_ITEM(entry, 3), a, 1);
    if (i == -2)
        return NULL;
    Py_ssize_t j = lookup(PyTuple_GET_ITEM(entry, 4), b, 1);
    if (j == -2)
        return NULL;
    if (i < 0 || j < 0)
        Py_RETURN_NONE;
    Py_ssize_t width = PyLong_AsSsize_t(PyTuple_GET_ITEM(entry, 5));
    Py_ssize_t offset = PyLong_AsSsize_t(PyTuple_GET_ITEM(entry, 6));
    return PyLong_FromSsize_t(offset + i * width + j);
}

static PyObject *
fast_slots(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "slots(legal, tables) takes 2 arguments");
        return NULL;
    }
    if (!PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "the tables are a dict");
        return NULL;
    }
    PyObject *legal = PySequence_Fast(args[0], "the legal actions are a sequence");
    if (legal == NULL)
        return NULL;
    static PyObject *type_key = NULL;
    if (type_key == NULL && (type_key = PyUnicode_InternFromString("type")) == NULL) {
        Py_DECREF(legal);
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(legal), pending = 0;
    PyObject *out = PyList_New(n);
    if (out == NULL) {
        Py_DECREF(legal);
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *slot = slot_of(PySequence_Fast_GET_ITEM(legal, k), args[1], type_key);
        if (slot == NULL) {
            Py_DECREF(out);
            Py_DECREF(legal);
            return NULL;
        }
        pending += slot == Py_Ellipsis;
        PyList_SET_ITEM(out, k, slot);
    }
    Py_DECREF(legal);
    return Py_BuildValue("(Nn)", out, pending);
}

static PyObject *
fast_mask(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "mask(slots, size) takes 2 arguments");
        return NULL;
    }
    npy_intp size = PyLong_AsSsize_t(args[1]);
    if (size == -1 && PyErr_Occurred())
        return NULL;
    PyObject *mask = PyArray_ZEROS(1, &size, NPY_INT8, 0);
    if (mask == NULL)
        return NULL;
    char *m = (char *)PyArray_DATA((PyArrayObject *)mask);
    PyObject *it = PyObject_GetIter(args[0]);
    if (it == NULL) {
        Py_DECREF(mask);
        return NULL;
    }
    PyObject *slot;
    Py_ssize_t clashes = 0;
    while ((slot = PyIter_Next(it)) != NULL) {
        if (slot == Py_None) {
            clashes++;
            Py_DECREF(slot);
            continue;
        }
        Py_ssize_t i = PyLong_AsSsize_t(slot);
        Py_DECREF(slot);
        if (i == -1 && PyErr_Occurred())
            break;
        if (i < 0 || i >= size) {
            PyErr_Format(PyExc_IndexError, "slot %zd outside the %zd slots", i, size);
            break;
        }
        if (m[i])
            clashes++;
        m[i] = 1;
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) {
        Py_DECREF(mask);
        return NULL;
    }
    PyObject *result = Py_BuildValue("(Nn)", mask, clashes);
    return result;
}

static PyMethodDef methods[] = {
    {"encode", (PyCFunction)(void (*)(void))fast_encode, METH_FASTCALL,
     "encode(program, size, view, seat): the observation of the compiled features."},
    {"slots", (PyCFunction)(void (*)(void))fast_slots, METH_FASTCALL,
     "slots(legal, tables): (each action's slot by its table, Ellipsis: not decided here, count)."},
    {"mask", (PyCFunction)(void (*)(void))fast_mask, METH_FASTCALL,
     "mask(slots, size): (size zeros with a one at each slot, the None or repeated slots)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_fast", "The learning environments' hot loop in C.", -1, methods,
};

PyMODINIT_FUNC
PyInit__fast(void)
{
    import_array();
    PyObject *m;
    PyObject *builtins = PyEval_GetBuiltins(); /* borrowed */
    sorted_builtin = builtins ? PyDict_GetItemString(builtins, "sorted") : NULL;
    if (sorted_builtin == NULL) {
        PyErr_SetString(PyExc_ImportError, "builtins.sorted not found");
        return NULL;
    }
    Py_INCREF(sorted_builtin);
    m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "OPS", OPS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
