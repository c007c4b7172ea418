"""libpmusim through ctypes (python3's standard library only).

    from pmusim import Session
    s = Session(machine="virt32", program="prog.elf")
    s.add_event("instructions")
    s.run()
    print(s.counts(), s.exit_status)

The library is found at $PMUSIM_LIBRARY (a path to libpmusim.so), else in the build tree this
package sits in (build/src/lib), else next to an installed prefix (PREFIX/lib when the package is
under PREFIX), else by the system's search (ldconfig, LD_LIBRARY_PATH).
"""

import ctypes
import ctypes.util
import os

__all__ = ["CSR_NAMES", "Machine", "PmusimError", "Session", "load_library", "run", "sweep_results"]

# pmusim_error_t and pmusim_stop_t (include/pmusim/pmusim.h)
_ERRORS = {-1: "usage", -2: "input", -3: "state", -4: "nomem", -5: "range"}
STOPS = {0: "paused", 1: "exit", 2: "max-insns", 3: "stuck", 4: "requested"}

# CSR numbers by name for Session.csr (the privileged spec's table 2.5); other CSRs by number.
CSR_NAMES = {"mstatus": 0x300, "misa": 0x301, "mie": 0x304, "mtvec": 0x305, "mcountinhibit": 0x320,
             "mscratch": 0x340, "mepc": 0x341, "mcause": 0x342, "mtval": 0x343, "mip": 0x344,
             "mcycle": 0xB00, "minstret": 0xB02, "mcycleh": 0xB80, "minstreth": 0xB82,
             "cycle": 0xC00, "time": 0xC01, "instret": 0xC02, "mhartid": 0xF14}
CSR_NAMES.update({"mhpmcounter%d" % n: 0xB00 + n for n in range(3, 32)})
CSR_NAMES.update({"mhpmcounter%dh" % n: 0xB80 + n for n in range(3, 32)})
CSR_NAMES.update({"mhpmevent%d" % n: 0x320 + n for n in range(3, 32)})

_CONSOLE_WRITE = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t)


class PmusimError(Exception):
    """A call of libpmusim failed; .kind is usage, input, state, nomem or range."""

    def __init__(self, message, kind="usage"):
        super().__init__(message)
        self.kind = kind


def _candidates():
    env = os.environ.get("PMUSIM_LIBRARY")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))  # the source tree, or PREFIX/lib/...
    for build in ("build", "build-asan"):
        yield os.path.join(root, build, "src", "lib", "libpmusim.so")
    for up in range(1, 5):  # PREFIX/lib/python3/dist-packages/pmusim -> PREFIX/lib
        base = here
        for _ in range(up):
            base = os.path.dirname(base)
        yield os.path.join(base, "libpmusim.so")
        yield os.path.join(base, "lib", "libpmusim.so")
    found = ctypes.util.find_library("pmusim")
    if found:
        yield found
    yield "libpmusim.so.0"


_lib = None


def load_library():
    """The loaded libpmusim (ctypes.CDLL), its functions' types declared."""
    global _lib
    if _lib is not None:
        return _lib
    errors = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            continue
        try:
            lib = ctypes.CDLL(path)
            break
        except OSError as e:
            errors.append(str(e))
    else:
        raise ImportError("libpmusim.so not found (set PMUSIM_LIBRARY to its path): " + "; ".join(errors))
    S = ctypes.c_void_p
    sigs = {
        "pmusim_version": (ctypes.c_char_p, []),
        "pmusim_session_new": (S, [ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]),
        "pmusim_session_free": (None, [S]),
        "pmusim_session_error": (ctypes.c_char_p, [S]),
        "pmusim_session_set_program": (ctypes.c_int, [S, ctypes.c_char_p]),
        "pmusim_session_set_raw_program": (ctypes.c_int, [S, ctypes.c_char_p, ctypes.c_uint64]),
        "pmusim_session_set_bios": (ctypes.c_int, [S, ctypes.c_char_p]),
        "pmusim_session_set_kernel": (ctypes.c_int, [S, ctypes.c_char_p]),
        "pmusim_session_set_initrd": (ctypes.c_int, [S, ctypes.c_char_p]),
        "pmusim_session_set_dtb": (ctypes.c_int, [S, ctypes.c_char_p]),
        "pmusim_session_set_append": (ctypes.c_int, [S, ctypes.c_char_p]),
        "pmusim_session_set_args": (ctypes.c_int, [S, ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]),
        "pmusim_session_set_max_insns": (ctypes.c_int, [S, ctypes.c_uint64]),
        "pmusim_session_set_jit": (ctypes.c_int, [S, ctypes.c_int]),
        "pmusim_session_set_ram_size": (ctypes.c_int, [S, ctypes.c_uint64]),
        "pmusim_session_set_console": (ctypes.c_int, [S, ctypes.c_char_p]),
        "pmusim_session_add_event": (ctypes.c_int, [S, ctypes.c_char_p]),
        "pmusim_session_event_count": (ctypes.c_int, [S]),
        "pmusim_session_event_name": (ctypes.c_char_p, [S, ctypes.c_int]),
        "pmusim_session_run": (ctypes.c_int, [S]),
        "pmusim_session_run_for": (ctypes.c_int, [S, ctypes.c_uint64]),
        "pmusim_session_request_stop": (None, [S]),
        "pmusim_session_read_count": (ctypes.c_int, [S, ctypes.c_int, ctypes.POINTER(ctypes.c_uint64)]),
        "pmusim_session_instructions": (ctypes.c_uint64, [S]),
        "pmusim_session_exit_status": (ctypes.c_int, [S]),
        "pmusim_session_stop_message": (ctypes.c_char_p, [S]),
        "pmusim_session_set_console_callback": (ctypes.c_int, [S, _CONSOLE_WRITE, ctypes.c_void_p]),
        "pmusim_session_read_reg": (ctypes.c_int, [S, ctypes.c_int, ctypes.c_int, ctypes.POINTER(ctypes.c_uint64)]),
        "pmusim_session_write_reg": (ctypes.c_int, [S, ctypes.c_int, ctypes.c_int, ctypes.c_uint64]),
        "pmusim_session_read_pc": (ctypes.c_int, [S, ctypes.c_int, ctypes.POINTER(ctypes.c_uint64)]),
        "pmusim_session_read_csr": (ctypes.c_int, [S, ctypes.c_int, ctypes.c_uint, ctypes.POINTER(ctypes.c_uint64)]),
        "pmusim_session_write_csr": (ctypes.c_int, [S, ctypes.c_int, ctypes.c_uint, ctypes.c_uint64]),
    }
    for name, (res, args) in sigs.items():
        fn = getattr(lib, name)
        fn.restype = res
        fn.argtypes = args
    _lib = lib
    return lib


def _b(s):
    return None if s is None else os.fsencode(s)


class Session:
    """One machine, one program, the events counted over its run (pmusim_session_t).

    Session(machine="mbv32,dcache=8K", program="prog.elf", args=[...], max_insns=N, jit=True,
            events=["instructions", "loads"], console=os.devnull)
    Boot options: raw_program + load_addr, bios, kernel, initrd, dtb, append, ram_size.
    machine=None takes the program's machine note, else veer-el2 (as `pmusim run`).
    """

    def __init__(self, machine=None, program=None, *, args=None, max_insns=None, jit=None,
                 events=(), console=None, bios=None, kernel=None, initrd=None, dtb=None,
                 append=None, ram_size=None, raw_program=None, load_addr=None):
        self._lib = load_library()
        err = ctypes.create_string_buffer(1024)
        self._s = self._lib.pmusim_session_new(_b(machine), err, len(err))
        if not self._s:
            raise PmusimError(err.value.decode(errors="replace"))
        self._names = []
        self._console_writer = None  # the ctypes callback, kept alive while the session is
        self._console_error = None
        try:
            if program is not None:
                self._check(self._lib.pmusim_session_set_program(self._s, _b(program)))
            if raw_program is not None:
                self._check(self._lib.pmusim_session_set_raw_program(self._s, _b(raw_program),
                                                                     load_addr or 0))
            for setter, value in (("bios", bios), ("kernel", kernel), ("initrd", initrd),
                                  ("dtb", dtb), ("append", append), ("console", console)):
                if value is not None:
                    self._check(getattr(self._lib, "pmusim_session_set_" + setter)(self._s, _b(value)))
            if args is not None:
                argv = (ctypes.c_char_p * max(len(args), 1))(*[_b(a) for a in args])
                self._check(self._lib.pmusim_session_set_args(self._s, len(args), argv))
            if max_insns is not None:
                self._check(self._lib.pmusim_session_set_max_insns(self._s, max_insns))
            if jit is not None:
                self._check(self._lib.pmusim_session_set_jit(self._s, {False: 0, True: 1, "eager": 2}[jit]))
            if ram_size is not None:
                self._check(self._lib.pmusim_session_set_ram_size(self._s, ram_size))
            for e in events:
                self.add_event(e)
        except Exception:
            self.close()
            raise

    def _check(self, rc):
        if rc < 0:
            msg = self._lib.pmusim_session_error(self._s).decode(errors="replace")
            raise PmusimError(msg, _ERRORS.get(rc, "usage"))
        return rc

    def close(self):
        """Frees the machine (also done when the Session is collected)."""
        if getattr(self, "_s", None):
            self._lib.pmusim_session_free(self._s)
            self._s = None

    def __del__(self):
        self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def add_event(self, name):
        """Adds an event by the name `pmusim stat -e` takes; returns its index."""
        index = self._check(self._lib.pmusim_session_add_event(self._s, _b(name)))
        if index == len(self._names):
            self._names.append(self._lib.pmusim_session_event_name(self._s, index).decode())
        return index

    def run(self, max_insns=None):
        """Runs until the guest stops (or for max_insns more instructions: then "paused" if it
        has not stopped). Returns the stop: exit, max-insns, stuck, requested or paused."""
        if max_insns is None:
            rc = self._lib.pmusim_session_run(self._s)
        else:
            rc = self._lib.pmusim_session_run_for(self._s, max_insns)
        stop = STOPS[self._check(rc)]
        if self._console_error is not None:
            e, self._console_error = self._console_error, None
            raise e
        return stop

    def run_for(self, n):
        """Runs n more instructions (of all harts together, exactly): "paused" when they are done
        and the guest has not stopped, else how it stopped."""
        return self.run(max_insns=n)

    def on_console(self, callback):
        """Delivers the guest's console output to callback(data: bytes) instead of standard
        output or the console file (the later of on_console and console= wins); before the run.
        An exception raised by the callback ends nothing at once: run() raises it afterwards."""
        def write(_ctx, buf, n):
            try:
                callback(ctypes.string_at(buf, n))
            except Exception as e:  # noqa: BLE001 - re-raised by run()
                if self._console_error is None:
                    self._console_error = e
        writer = _CONSOLE_WRITE(write)
        self._check(self._lib.pmusim_session_set_console_callback(self._s, writer, None))
        self._console_writer = writer

    def reg(self, n, hart=0):
        """Integer register x{n} of a hart, while the run is paused or after it ended."""
        value = ctypes.c_uint64()
        self._check(self._lib.pmusim_session_read_reg(self._s, hart, n, ctypes.byref(value)))
        return value.value

    def set_reg(self, n, value, hart=0):
        self._check(self._lib.pmusim_session_write_reg(self._s, hart, n, value))

    @property
    def pc(self):
        """The address of hart 0's next instruction (pc_of(hart) for the others)."""
        return self.pc_of(0)

    def pc_of(self, hart):
        value = ctypes.c_uint64()
        self._check(self._lib.pmusim_session_read_pc(self._s, hart, ctypes.byref(value)))
        return value.value

    @staticmethod
    def _csr_number(csr):
        if isinstance(csr, int):
            return csr
        try:
            return CSR_NAMES[csr.lower()]
        except KeyError:
            raise PmusimError("unknown CSR name '%s' (give its number)" % csr, "range") from None

    def csr(self, csr, hart=0):
        """A CSR (its number, or a name of CSR_NAMES) as an M-mode csrr reads it."""
        value = ctypes.c_uint64()
        self._check(self._lib.pmusim_session_read_csr(self._s, hart, self._csr_number(csr), ctypes.byref(value)))
        return value.value

    def set_csr(self, csr, value, hart=0):
        """Writes a CSR as an M-mode csrw does: a counter written goes on from the value."""
        self._check(self._lib.pmusim_session_write_csr(self._s, hart, self._csr_number(csr), value))

    def request_stop(self):
        """Stops a run in progress on another thread (stop "requested", status 130)."""
        self._lib.pmusim_session_request_stop(self._s)

    def count(self, event):
        """The count of an event (its index or its name) so far, summed over the harts."""
        index = event if isinstance(event, int) else self._names.index(event)
        value = ctypes.c_uint64()
        self._check(self._lib.pmusim_session_read_count(self._s, index, ctypes.byref(value)))
        return value.value

    def counts(self):
        """{event name: count}, in the order the events were added."""
        return {name: self.count(i) for i, name in enumerate(self._names)}

    @property
    def events(self):
        return list(self._names)

    @property
    def instructions(self):
        return self._lib.pmusim_session_instructions(self._s)

    @property
    def exit_status(self):
        """What `pmusim run` would exit with (None before the run has ended)."""
        st = self._lib.pmusim_session_exit_status(self._s)
        return None if st < 0 else st

    @property
    def stop_message(self):
        return self._lib.pmusim_session_stop_message(self._s).decode(errors="replace")


class Machine(Session):
    """A Session for stepwise control: run_for(n), then reg/set_reg, pc, csr/set_csr, and on."""


def run(program, machine=None, events=(), **kw):
    """Runs a program to its end: {event: count, ..., 'exit_status': N, 'instructions': N}.
    Keyword arguments are Session's (max_insns, jit, console, args, ...)."""
    with Session(machine, program, events=events, **kw) as s:
        s.run()
        result = s.counts()
        result["exit_status"] = s.exit_status
        result["instructions"] = s.instructions
        return result


def sweep_results(db_path):
    """The `results` view of a `pmusim sweep` database (program, machine, event, value: the runs
    that ended with status 0): a pandas DataFrame when pandas imports, else a list of dicts."""
    import sqlite3

    if not os.path.exists(db_path):
        raise PmusimError("%s: no such sweep database" % db_path, "input")
    import pathlib

    con = sqlite3.connect(pathlib.Path(db_path).absolute().as_uri() + "?mode=ro", uri=True)
    try:
        cur = con.execute("SELECT program, machine, event, value FROM results")
        columns = [d[0] for d in cur.description]
        rows = [dict(zip(columns, r)) for r in cur.fetchall()]
    except sqlite3.DatabaseError as e:
        raise PmusimError("%s: not a pmusim sweep database (%s)" % (db_path, e), "input") from None
    finally:
        con.close()
    try:
        import pandas
    except ImportError:
        return rows
    return pandas.DataFrame(rows, columns=columns)


def version():
    return load_library().pmusim_version().decode()
