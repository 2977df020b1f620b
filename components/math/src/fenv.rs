//! `<fenv.h>` for x86_64: the floating-point environment is two units' state, the x87's
//! (control and status words, for `long double`) and SSE's (MXCSR, for `float` and
//! `double`), and every function here acts on both as musl's do.
//!
//! - The exception flags a program sees (`fetestexcept`) are the union of the x87 status
//!   word's and MXCSR's, so `feclearexcept` clears them in both; `feraiseexcept` raises them
//!   in MXCSR, the unit the program's own arithmetic uses.
//! - `fesetround` sets both units' rounding control, and `fegetround` reads MXCSR's.
//! - `fenv_t` is musl's: the 28 bytes `fnstenv` stores, then MXCSR.
//!
//! Exception bits outside `FE_ALL_EXCEPT` are ignored (musl's choice), and a rounding mode
//! other than the four makes `fesetround` fail with a nonzero result and change nothing.
//! Every function here is also a safe Rust function over the same state.
use core::arch::asm;
use core::ffi::c_int;

pub const FE_INVALID: c_int = 1;
pub const FE_DIVBYZERO: c_int = 4;
pub const FE_OVERFLOW: c_int = 8;
pub const FE_UNDERFLOW: c_int = 16;
pub const FE_INEXACT: c_int = 32;
/// The five standard flags and the x87's denormal-operand flag (bit 1), as musl defines it.
pub const FE_ALL_EXCEPT: c_int = 63;

pub const FE_TONEAREST: c_int = 0;
pub const FE_DOWNWARD: c_int = 0x400;
pub const FE_UPWARD: c_int = 0x800;
pub const FE_TOWARDZERO: c_int = 0xc00;

/// `fexcept_t`: the flag bits, as in the status registers.
pub type FexceptT = u16;

/// `fenv_t`: the x87 environment as `fnstenv` stores it (control word, status word, tag
/// word, the last instruction's and operand's addresses), then MXCSR.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FenvT {
    pub control_word: u16,
    _unused1: u16,
    pub status_word: u16,
    _unused2: u16,
    pub tags: u16,
    _unused3: u16,
    pub eip: u32,
    pub cs_selector: u16,
    /// The last opcode (11 bits) and 5 unused bits.
    pub opcode: u16,
    pub data_offset: u32,
    pub data_selector: u16,
    _unused5: u16,
    pub mxcsr: u32,
}

/// `FE_DFL_ENV`: `(const fenv_t *)-1`, as musl defines it.
pub const FE_DFL_ENV: *const FenvT = usize::MAX as *const FenvT;

/// The environment a process starts with: every exception masked, round to nearest, the
/// x87 at 64-bit precision with an empty register stack, no flags raised.
pub const DEFAULT_ENV: FenvT = FenvT {
    control_word: 0x037f,
    _unused1: 0,
    status_word: 0,
    _unused2: 0,
    tags: 0xffff,
    _unused3: 0,
    eip: 0,
    cs_selector: 0,
    opcode: 0,
    data_offset: 0,
    data_selector: 0,
    _unused5: 0,
    mxcsr: 0x1f80,
};

pub(crate) fn get_mxcsr() -> u32 {
    let mut csr: u32 = 0;
    // SAFETY: stores the 4-byte register into a local.
    unsafe { asm!("stmxcsr [{}]", in(reg) &raw mut csr, options(nostack, preserves_flags)) };
    csr
}

pub(crate) fn set_mxcsr(csr: u32) {
    // SAFETY: loads MXCSR from a local; callers only change its flag and rounding bits.
    unsafe { asm!("ldmxcsr [{}]", in(reg) &raw const csr, options(nostack, preserves_flags)) };
}

fn x87_status() -> u16 {
    let sw: u16;
    // SAFETY: reads the status word into ax.
    unsafe { asm!("fnstsw ax", out("ax") sw, options(nomem, nostack, preserves_flags)) };
    sw
}

pub(crate) fn x87_control() -> u16 {
    let mut cw: u16 = 0;
    // SAFETY: stores the 2-byte control word into a local.
    unsafe { asm!("fnstcw [{}]", in(reg) &raw mut cw, options(nostack, preserves_flags)) };
    cw
}

pub(crate) fn set_x87_control(cw: u16) {
    // SAFETY: loads the control word from a local.
    unsafe { asm!("fldcw [{}]", in(reg) &raw const cw, options(nostack, preserves_flags)) };
}

/// Stores the x87 environment. `fnstenv` also masks every x87 exception, so the control
/// word is put back as it was.
fn store_x87_env(env: &mut FenvT) {
    // SAFETY: fnstenv writes the 28-byte environment at the start of `env`; fldcw reloads
    // the control word it has just stored there.
    unsafe {
        asm!("fnstenv [{p}]", "fldcw [{p}]", p = in(reg) env as *mut FenvT, options(nostack, preserves_flags))
    };
}

/// `feclearexcept(excepts)`—Clears the given exception flags in both units. Returns 0.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn feclearexcept(excepts: c_int) -> c_int {
    let mask = (excepts & FE_ALL_EXCEPT) as u16;
    if mask == 0 {
        return 0;
    }
    let mut env = DEFAULT_ENV;
    store_x87_env(&mut env);
    if env.status_word & mask != 0 {
        env.status_word &= !mask;
        // The summary and busy bits go with the last flag.
        if env.status_word & FE_ALL_EXCEPT as u16 == 0 {
            env.status_word &= !0x8080;
        }
        // SAFETY: reloads the environment just stored, with fewer flags.
        unsafe { asm!("fldenv [{}]", in(reg) &raw const env, options(nostack, preserves_flags)) };
    }
    set_mxcsr(get_mxcsr() & !u32::from(mask));
    0
}

/// `feraiseexcept(excepts)`—Raises the given exception flags (in MXCSR; every exception
/// is masked, so nothing traps unless the program unmasked it). Returns 0.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn feraiseexcept(excepts: c_int) -> c_int {
    let mask = (excepts & FE_ALL_EXCEPT) as u32;
    set_mxcsr(get_mxcsr() | mask);
    0
}

/// `fetestexcept(excepts)`—The given flags that are raised in either unit.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fetestexcept(excepts: c_int) -> c_int {
    let raised = (get_mxcsr() | u32::from(x87_status())) as c_int;
    raised & excepts & FE_ALL_EXCEPT
}

/// `fegetround()`—The rounding mode: `FE_TONEAREST`, `FE_DOWNWARD`, `FE_UPWARD` or
/// `FE_TOWARDZERO` (read from MXCSR, whose bits 13–14 are the x87's 10–11).
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fegetround() -> c_int {
    ((get_mxcsr() >> 3) & 0xc00) as c_int
}

/// `fesetround(mode)`—Sets both units' rounding mode. Returns 0, or -1 (changing nothing)
/// for a value that is not one of the four modes.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub extern "C" fn fesetround(mode: c_int) -> c_int {
    if !matches!(mode, FE_TONEAREST | FE_DOWNWARD | FE_UPWARD | FE_TOWARDZERO) {
        return -1;
    }
    set_x87_control(x87_control() & !0xc00 | mode as u16);
    set_mxcsr(get_mxcsr() & !0x6000 | (mode as u32) << 3);
    0
}

/// `fegetexceptflag(flagp, excepts)`—Stores the state of the given flags in `*flagp`.
/// Returns 0.
///
/// # Safety
/// `flagp` must be valid for a write.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fegetexceptflag(flagp: *mut FexceptT, excepts: c_int) -> c_int {
    // SAFETY: the caller's pointer.
    unsafe { *flagp = fetestexcept(excepts) as FexceptT };
    0
}

/// `fesetexceptflag(flagp, excepts)`—Sets the given flags to the state `*flagp` holds
/// for them (raising or clearing each, without trapping). Returns 0.
///
/// # Safety
/// `flagp` must be valid for a read.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fesetexceptflag(flagp: *const FexceptT, excepts: c_int) -> c_int {
    // SAFETY: the caller's pointer.
    let want = c_int::from(unsafe { *flagp });
    feclearexcept(excepts & !want);
    feraiseexcept(excepts & want);
    0
}

/// `fegetenv(envp)`—Stores the whole environment in `*envp`. Returns 0.
///
/// # Safety
/// `envp` must be valid for a write of a `fenv_t`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fegetenv(envp: *mut FenvT) -> c_int {
    let mut env = DEFAULT_ENV;
    store_x87_env(&mut env);
    env.mxcsr = get_mxcsr();
    // SAFETY: the caller's pointer.
    unsafe { *envp = env };
    0
}

/// `fesetenv(envp)`—Installs the environment `*envp`, or the default one for
/// `FE_DFL_ENV`. Returns 0.
///
/// # Safety
/// `envp` must be `FE_DFL_ENV` or valid for a read of a `fenv_t` that `fegetenv` stored.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn fesetenv(envp: *const FenvT) -> c_int {
    // SAFETY: the caller's pointer.
    let env = if envp == FE_DFL_ENV { DEFAULT_ENV } else { unsafe { *envp } };
    // SAFETY: fldenv loads the 28 bytes at the start of a local copy.
    unsafe { asm!("fldenv [{}]", in(reg) &raw const env, options(nostack, preserves_flags)) };
    set_mxcsr(env.mxcsr);
    0
}

/// `feholdexcept(envp)`—Saves the environment in `*envp` and clears every flag (every
/// exception is already masked, so the program runs on without traps). Returns 0.
///
/// # Safety
/// As for `fegetenv`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn feholdexcept(envp: *mut FenvT) -> c_int {
    // SAFETY: the caller's pointer.
    unsafe { fegetenv(envp) };
    feclearexcept(FE_ALL_EXCEPT);
    0
}

/// `feupdateenv(envp)`—Installs `*envp` (or the default for `FE_DFL_ENV`), then raises
/// again the flags that were raised before. Returns 0.
///
/// # Safety
/// As for `fesetenv`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn feupdateenv(envp: *const FenvT) -> c_int {
    let raised = fetestexcept(FE_ALL_EXCEPT);
    // SAFETY: the caller's pointer.
    unsafe { fesetenv(envp) };
    feraiseexcept(raised);
    0
}

/// Runs `f` with the flags it raises discarded except those in `keep`, restoring the
/// flags that were raised before: `nearbyint` is `rint` without inexact.
pub(crate) fn without_flags<T>(keep: c_int, f: impl FnOnce() -> T) -> T {
    let before = get_mxcsr();
    let r = f();
    let after = get_mxcsr();
    let new = after & !before & (FE_ALL_EXCEPT & !keep) as u32;
    if new != 0 {
        set_mxcsr(after & !new);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::hint::black_box;

    /// The tests change process-wide state (the test thread's), so each puts it back.
    fn fresh() {
        unsafe { fesetenv(FE_DFL_ENV) };
    }

    #[test]
    fn layout_is_musls() {
        assert_eq!(core::mem::size_of::<FenvT>(), 32);
        assert_eq!(core::mem::offset_of!(FenvT, status_word), 4);
        assert_eq!(core::mem::offset_of!(FenvT, mxcsr), 28);
    }

    #[test]
    fn flags_are_raised_by_arithmetic_tested_and_cleared() {
        fresh();
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), 0);
        let _ = black_box(black_box(1.0f64) / black_box(0.0));
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), FE_DIVBYZERO);
        let _ = black_box(black_box(1.0f64) / black_box(3.0));
        assert_eq!(fetestexcept(FE_INEXACT | FE_DIVBYZERO), FE_INEXACT | FE_DIVBYZERO);
        assert_eq!(fetestexcept(FE_INEXACT), FE_INEXACT);
        feclearexcept(FE_INEXACT);
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), FE_DIVBYZERO);
        feraiseexcept(FE_OVERFLOW | FE_UNDERFLOW | 0x4000);
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW);
        feclearexcept(FE_ALL_EXCEPT);
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), 0);
        fresh();
    }

    #[test]
    fn x87_flags_count_and_clear() {
        fresh();
        // An x87 division by zero raises the x87 status word's flag, not MXCSR's.
        let one = 1.0f64;
        let zero = 0.0f64;
        let mut out = 0.0f64;
        unsafe {
            asm!("fld qword ptr [{a}]", "fdiv qword ptr [{b}]", "fstp qword ptr [{o}]",
                a = in(reg) &one, b = in(reg) &zero, o = in(reg) &mut out);
        }
        assert_eq!(out, f64::INFINITY);
        assert_eq!(get_mxcsr() & 0x3f, 0);
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), FE_DIVBYZERO);
        feclearexcept(FE_DIVBYZERO);
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), 0);
        assert_eq!(x87_status() & 0x3f, 0);
        fresh();
    }

    #[test]
    fn rounding_modes_change_results_and_bad_ones_are_refused() {
        fresh();
        for (mode, third) in [
            (FE_TONEAREST, 0x3fd5_5555_5555_5555u64),
            (FE_DOWNWARD, 0x3fd5_5555_5555_5555),
            (FE_UPWARD, 0x3fd5_5555_5555_5556),
            (FE_TOWARDZERO, 0x3fd5_5555_5555_5555),
        ] {
            assert_eq!(fesetround(mode), 0);
            assert_eq!(fegetround(), mode);
            assert_eq!((x87_control() & 0xc00) as c_int, mode);
            assert_eq!((black_box(1.0f64) / black_box(3.0)).to_bits(), third, "mode {mode:#x}");
        }
        assert_eq!(fesetround(FE_UPWARD), 0);
        assert_eq!(fesetround(1), -1);
        assert_eq!(fesetround(0x1000), -1);
        assert_eq!(fegetround(), FE_UPWARD);
        fresh();
        assert_eq!(fegetround(), FE_TONEAREST);
    }

    #[test]
    fn environments_save_hold_and_update() {
        fresh();
        fesetround(FE_DOWNWARD);
        feraiseexcept(FE_INVALID);
        let mut saved = DEFAULT_ENV;
        assert_eq!(unsafe { feholdexcept(&mut saved) }, 0);
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), 0, "held: flags cleared");
        assert_eq!(fegetround(), FE_DOWNWARD, "held: mode kept");
        assert_eq!(saved.mxcsr & 0x3f, FE_INVALID as u32);
        feraiseexcept(FE_OVERFLOW);
        unsafe { feupdateenv(&saved) };
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), FE_INVALID | FE_OVERFLOW);
        assert_eq!(fegetround(), FE_DOWNWARD);
        unsafe { fesetenv(FE_DFL_ENV) };
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), 0);
        assert_eq!(fegetround(), FE_TONEAREST);
        assert_eq!(x87_control(), 0x037f);
        let mut now = DEFAULT_ENV;
        unsafe { fegetenv(&mut now) };
        assert_eq!(now.mxcsr, 0x1f80);
        assert_eq!(now.control_word, 0x037f);
        unsafe { fesetenv(&saved) };
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), FE_INVALID);
        fresh();
    }

    #[test]
    fn exception_flag_objects() {
        fresh();
        feraiseexcept(FE_INEXACT | FE_OVERFLOW);
        let mut f: FexceptT = 0;
        unsafe { fegetexceptflag(&mut f, FE_OVERFLOW | FE_INVALID) };
        assert_eq!(c_int::from(f), FE_OVERFLOW);
        feclearexcept(FE_ALL_EXCEPT);
        let g: FexceptT = (FE_INVALID | FE_OVERFLOW) as u16;
        unsafe { fesetexceptflag(&g, FE_OVERFLOW | FE_DIVBYZERO) };
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), FE_OVERFLOW, "only the named flags, as *flagp has them");
        let none: FexceptT = 0;
        unsafe { fesetexceptflag(&none, FE_OVERFLOW) };
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), 0);
        fresh();
    }

    #[test]
    fn without_flags_keeps_what_was_raised_before() {
        fresh();
        feraiseexcept(FE_INEXACT);
        let _ = without_flags(0, || black_box(black_box(1.0f64) / black_box(0.0)));
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), FE_INEXACT);
        feclearexcept(FE_ALL_EXCEPT);
        let _ = without_flags(FE_DIVBYZERO, || black_box(black_box(1.0f64) / black_box(0.0)));
        assert_eq!(fetestexcept(FE_ALL_EXCEPT), FE_DIVBYZERO);
        fresh();
    }
}
