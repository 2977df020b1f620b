//! `crypt` and `crypt_r`: the method is chosen by the setting's prefix, and a failure is
//! libxcrypt's failure string, `*0`.

use core::ffi::{c_char, c_int, CStr};

use limpet_abi::errno::EINVAL;
use limpet_syscall::set_errno;

use crate::Out;

/// Bytes of `struct crypt_data`'s buffer, the hash string and its NUL.
pub const CRYPT_DATA_BUF: usize = 256;

/// `struct crypt_data`: `initialized` is the caller's (musl ignores it, as limpet does);
/// `crypt_r` writes its result into `buf` and returns a pointer to it.
///
/// It lives here rather than in limpet-abi, whose types are checked against musl's
/// installed headers: Debian's musl-dev installs no `<crypt.h>`. The layout is musl 1.2's
/// ABI, an `int` and a 256-byte buffer, which programs built against musl's own header
/// allocate.
#[repr(C)]
pub struct CryptData {
    pub initialized: c_int,
    pub buf: [c_char; CRYPT_DATA_BUF],
}

/// musl's struct is 260 bytes, the buffer at offset 4.
const _: () = assert!(core::mem::size_of::<CryptData>() == 260);
const _: () = assert!(core::mem::offset_of!(CryptData, buf) == 4);

/// A method: hashes `key` with `setting` (the whole string the caller gave, prefix
/// included) into `out`; false when the setting is invalid for it.
pub type Method = fn(key: &[u8], setting: &[u8], out: &mut Out) -> bool;

/// The methods by their settings' prefixes, tried in order; the last, with the empty
/// prefix, takes every other setting (traditional DES, whose salt is the setting's first
/// two characters).
const METHODS: &[(&[u8], Method)] = &[
    (crate::crypt_yescrypt::PREFIX, crate::crypt_yescrypt::yescrypt),
    (crate::crypt_scrypt::PREFIX, crate::crypt_scrypt::scrypt),
    (crate::md5_crypt::PREFIX, crate::md5_crypt::md5_crypt),
    (<crate::sha256::Sha256 as crate::sha_crypt::ShaCrypt>::PREFIX, crate::sha_crypt::sha256_crypt),
    (<crate::sha512::Sha512 as crate::sha_crypt::ShaCrypt>::PREFIX, crate::sha_crypt::sha512_crypt),
    (b"$2a$", crate::bcrypt::bcrypt),
    (b"$2b$", crate::bcrypt::bcrypt),
    (b"$2x$", crate::bcrypt::bcrypt),
    (b"$2y$", crate::bcrypt::bcrypt),
    (crate::des_crypt::EXTENDED, crate::des_crypt::extended),
    (b"$", dollar),
    (b"", crate::des_crypt::traditional),
];

/// A setting of the form `$ID$...` whose ID names no method limpet has (`$2c$`, a newer
/// system's `$gy$`) is an error, as in libxcrypt, not a traditional DES hash with `$ID` as
/// its salt (which musl makes of it): a hash of an unknown kind must never seem to verify.
/// Any other setting starting with `$` (`$1`, `$x`) is traditional DES's, as in musl.
fn dollar(key: &[u8], setting: &[u8], out: &mut Out) -> bool {
    let id_len = setting[1..].iter().take_while(|c| c.is_ascii_alphanumeric()).count();
    let names_a_method = id_len > 0 && setting.get(1 + id_len) == Some(&b'$');
    !names_a_method && crate::des_crypt::traditional(key, setting, out)
}

/// What a failure returns. It never equals the setting, so a failed hash never matches a
/// stored one: no setting that fails starts with `*0`, because any setting that does is a
/// valid traditional DES salt (every byte but `:` and newline is, as in musl), which
/// `failure_never_equals_the_setting` checks. (libxcrypt, whose DES refuses `*`, writes
/// `*1` for a setting that starts with `*0`.)
const FAIL: &[u8] = b"*0";

/// Hashes into `buf` (NUL-terminated): the method's result, or the failure string with
/// errno EINVAL when the setting is invalid or either string is missing.
fn hash_into(key: Option<&[u8]>, setting: Option<&[u8]>, buf: &mut [c_char; CRYPT_DATA_BUF]) {
    let mut out = Out::new();
    let ok = match (key, setting) {
        (Some(key), Some(setting)) => {
            let method = METHODS.iter().find(|(p, _)| setting.starts_with(p)).map(|&(_, m)| m);
            method.is_some_and(|m| m(key, setting, &mut out))
        }
        _ => false,
    };
    let result = if ok {
        out.as_bytes()
    } else {
        out.clear();
        set_errno(EINVAL);
        FAIL
    };
    for (d, &s) in buf.iter_mut().zip(result) {
        *d = s as c_char;
    }
    buf[result.len()] = 0;
}

/// The bytes of a C string, or `None` for a null pointer.
///
/// # Safety
/// `s` is null or a NUL-terminated string.
unsafe fn bytes<'a>(s: *const c_char) -> Option<&'a [u8]> {
    // SAFETY: the caller's promise.
    (!s.is_null()).then(|| unsafe { CStr::from_ptr(s) }.to_bytes())
}

/// `char *crypt_r(const char *key, const char *setting, struct crypt_data *data)`—Hashes
/// `key` by the method `setting` names, into `data`'s buffer, and returns that buffer. An
/// invalid setting (or a null argument) gives `*0` and errno EINVAL; a null `data` returns null with EINVAL.
///
/// # Safety
/// `key` and `setting` are null or NUL-terminated; `data` is null or points to a writable
/// `struct crypt_data`.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn crypt_r(key: *const c_char, setting: *const c_char, data: *mut CryptData) -> *mut c_char {
    if data.is_null() {
        set_errno(EINVAL);
        return core::ptr::null_mut();
    }
    // SAFETY: the caller's promises.
    let (key, setting) = unsafe { (bytes(key), bytes(setting)) };
    // SAFETY: `data` points to a writable struct crypt_data, ours until we return.
    let buf = unsafe { &mut (*data).buf };
    hash_into(key, setting, buf);
    buf.as_mut_ptr()
}

/// The buffer `crypt` returns, shared by every call (as in musl and POSIX: `crypt` is not
/// thread-safe; `crypt_r` is).
static mut STATIC: CryptData = CryptData { initialized: 0, buf: [0; CRYPT_DATA_BUF] };

/// `char *crypt(const char *key, const char *setting)`—`crypt_r` into a static buffer,
/// which the next call overwrites.
///
/// # Safety
/// As `crypt_r`; not to be called by two threads at once.
#[cfg_attr(feature = "export", unsafe(no_mangle))]
pub unsafe extern "C" fn crypt(key: *const c_char, setting: *const c_char) -> *mut c_char {
    // SAFETY: the caller's promises; the static buffer is this function's alone.
    unsafe { crypt_r(key, setting, &raw mut STATIC) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(setting: &[u8]) -> Option<Vec<u8>> {
        let mut out = Out::new();
        dollar(b"key", setting, &mut out).then(|| out.as_bytes().to_vec())
    }

    fn crypt_bytes(key: Option<&[u8]>, setting: Option<&[u8]>) -> Vec<u8> {
        let mut buf = [0 as c_char; CRYPT_DATA_BUF];
        hash_into(key, setting, &mut buf);
        buf.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect()
    }

    #[test]
    fn failure_never_equals_the_setting() {
        for s in [&b"*0"[..], b"*0$6$salt", b"*", b"", b"*1", b"$6$rounds=1000", b"a:", b"$y$"] {
            assert_ne!(crypt_bytes(Some(b"pw"), Some(s)), s, "{}", String::from_utf8_lossy(s));
        }
        for a in 0..=255u8 {
            for b in [b'0', b'1', b'*', b'$', b'_'] {
                let s = [b'*', a, b];
                assert_ne!(crypt_bytes(Some(b"pw"), Some(&s)), s);
            }
        }
        assert_eq!(crypt_bytes(None, Some(b"$1$salt")), FAIL);
        assert_eq!(crypt_bytes(Some(b"pw"), None), FAIL);
    }

    #[test]
    fn unknown_method_ids_fail_other_dollar_salts_are_des() {
        for s in [&b"$2c$04$CCCCCCCCCCCCCCCCCCCCC."[..], b"$gy$j9T$salt", b"$x$", b"$sha1$19703$salt$"] {
            assert_eq!(run(s), None, "{}", String::from_utf8_lossy(s));
        }
        for s in [&b"$1"[..], b"$x", b"$$", b"$-$"] {
            let mut des = Out::new();
            assert!(crate::des_crypt::traditional(b"key", s, &mut des));
            assert_eq!(run(s).as_deref(), Some(des.as_bytes()), "{}", String::from_utf8_lossy(s));
        }
    }
}
