//! The search list, as resolv.conf(5) and glibc apply it (musl's lookup tries the name as
//! given only last, and stops at the first failure): a name ending in a dot is only itself;
//! a name with at least `ndots` dots is tried as given first, then with each search domain;
//! one with fewer dots with the domains first, then as given. A name that does not exist
//! (NXDOMAIN), has no data of the type asked (NODATA) or whose servers failed (SERVFAIL)
//! moves on to the next; no answer at all (a timeout) stops the search.
use super::conf::Conf;

/// The longest name tried, in text.
const NAME_MAX: usize = 254;

/// Why one name gave nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Miss {
    NxDomain,
    NoData,
    ServFail,
    /// No server answered.
    Silent,
    /// The answer was unusable (a name too long to ask, a malformed message).
    Unusable,
}

/// Why the search found nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// No such name (`EAI_NONAME`, `HOST_NOT_FOUND`).
    NoName,
    /// A name exists without data of the type (`EAI_NODATA`, `NO_DATA`).
    NoData,
    /// A server failed or did not answer (`EAI_AGAIN`, `TRY_AGAIN`).
    Again,
    /// An answer could not be used (`EAI_FAIL`, `NO_RECOVERY`).
    Fail,
}

/// Tries `name` and its search-list forms with `ask`, in the order above; the first
/// success, or why there was none.
pub fn search<T>(conf: &Conf, name: &[u8], mut ask: impl FnMut(&[u8]) -> Result<T, Miss>) -> Result<T, Failure> {
    let (absolute, bare) = match name.strip_suffix(b".") {
        Some(b) => (true, b),
        None => (false, name),
    };
    let dots = bare.iter().filter(|&&c| c == b'.').count() as u32;
    let (mut nodata, mut servfail, mut unusable) = (false, false, false);
    let mut attempt = |candidate: &[u8]| -> Option<Result<T, Failure>> {
        match ask(candidate) {
            Ok(v) => Some(Ok(v)),
            Err(Miss::NxDomain) => None,
            Err(Miss::NoData) => {
                nodata = true;
                None
            }
            Err(Miss::ServFail) => {
                servfail = true;
                None
            }
            Err(Miss::Unusable) => {
                unusable = true;
                None
            }
            Err(Miss::Silent) => Some(Err(Failure::Again)),
        }
    };
    let as_given_first = absolute || dots >= conf.ndots;
    if as_given_first && !bare.is_empty()
        && let Some(r) = attempt(bare) {
            return r;
        }
    if !absolute {
        let full_conf = conf.with_host_domain();
        for domain in full_conf.search() {
            let mut full = [0u8; NAME_MAX];
            let len = bare.len() + 1 + domain.len();
            if bare.is_empty() || len > NAME_MAX {
                continue;
            }
            full[..bare.len()].copy_from_slice(bare);
            full[bare.len()] = b'.';
            full[bare.len() + 1..len].copy_from_slice(domain);
            if let Some(r) = attempt(&full[..len]) {
                return r;
            }
        }
        if !as_given_first && !bare.is_empty()
            && let Some(r) = attempt(bare) {
                return r;
            }
    }
    Err(if nodata {
        Failure::NoData
    } else if servfail {
        Failure::Again
    } else if unusable {
        Failure::Fail
    } else {
        Failure::NoName
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(conf_text: &str, name: &str) -> Vec<String> {
        let mut c = Conf::parse(conf_text.as_bytes());
        c.finish(None, None);
        c.default_search(b"");
        let mut tried = Vec::new();
        let _ = search(&c, name.as_bytes(), |n| -> Result<(), Miss> {
            tried.push(String::from_utf8(n.to_vec()).unwrap());
            Err(Miss::NxDomain)
        });
        tried
    }

    #[test]
    fn ndots_decides_the_order() {
        let c = "search a.example b.example\n";
        assert_eq!(order(c, "host"), ["host.a.example", "host.b.example", "host"]);
        assert_eq!(order(c, "host.sub"), ["host.sub", "host.sub.a.example", "host.sub.b.example"]);
        assert_eq!(order(c, "host."), ["host"]);
        let c3 = "search a.example\noptions ndots:3\n";
        assert_eq!(order(c3, "x.y.z"), ["x.y.z.a.example", "x.y.z"]);
        assert_eq!(order(c3, "w.x.y.z"), ["w.x.y.z", "w.x.y.z.a.example"]);
    }

    #[test]
    fn failures_combine() {
        let mut c = Conf::parse(b"search a.example b.example\n");
        c.finish(None, None);
        let mut k = 0;
        let r: Result<(), _> = search(&c, b"h", |_| {
            k += 1;
            Err(if k == 1 { Miss::NoData } else { Miss::NxDomain })
        });
        assert_eq!(r, Err(Failure::NoData));
        let mut k = 0;
        let r: Result<(), _> = search(&c, b"h", |_| {
            k += 1;
            Err(if k == 1 { Miss::ServFail } else { Miss::Silent })
        });
        assert_eq!((r, k), (Err(Failure::Again), 2));
        let r = search(&c, b"h", |n| if n == b"h.b.example" { Ok(7) } else { Err(Miss::ServFail) });
        assert_eq!(r, Ok(7));
    }
}
