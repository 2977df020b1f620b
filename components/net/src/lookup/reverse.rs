//! Finding a host's name by address: /etc/hosts, then a DNS PTR query of its reverse name
//! (`d.c.b.a.in-addr.arpa`, or the nibbles under `ip6.arpa`; an IPv4-mapped IPv6 address
//! is asked as the IPv4 one, and matches IPv4 lines of /etc/hosts).
use core::ffi::c_int;

use limpet_abi::nameser::{C_IN, NS_PACKETSZ, T_PTR};
use limpet_abi::socket::AF_INET;

use super::name::NAME_ROOM;
use crate::addr::{IpAddress, V4_MAPPED};
use crate::db::hosts;
use crate::dns::name::expand;
use crate::dns::packet::Message;
use crate::dns::{NOERROR, query};
use crate::resolv::conf;
use crate::resolv::search::Miss;
use crate::resolv::send::{Exchange, send};

/// The answer room of a PTR query.
const ANSWER_ROOM: usize = 1500;

/// An address as 16 bytes, IPv4 as IPv4-mapped, for comparing across families.
fn as_v6(family: c_int, addr: &[u8]) -> [u8; 16] {
    let mut a = IpAddress { family, ..Default::default() };
    let n = if family == AF_INET { 4 } else { 16 };
    a.addr[..n].copy_from_slice(&addr[..n]);
    a.mapped()
}

/// The reverse name of an address (16 bytes, IPv4-mapped for IPv4), into `out`; its length.
pub fn ptr_name(a: &[u8; 16], out: &mut [u8; 80]) -> usize {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut n = 0;
    let mut push = |b: &[u8]| {
        out[n..n + b.len()].copy_from_slice(b);
        n += b.len();
    };
    if a[..12] == V4_MAPPED {
        for &b in a[12..].iter().rev() {
            let mut d = [0u8; 4];
            let mut k = 0;
            if b >= 100 {
                d[k] = b'0' + b / 100;
                k += 1;
            }
            if b >= 10 {
                d[k] = b'0' + b / 10 % 10;
                k += 1;
            }
            d[k] = b'0' + b % 10;
            d[k + 1] = b'.';
            push(&d[..k + 2]);
        }
        push(b"in-addr.arpa");
    } else {
        for &b in a.iter().rev() {
            push(&[HEX[usize::from(b & 0xf)], b'.', HEX[usize::from(b >> 4)], b'.']);
        }
        push(b"ip6.arpa");
    }
    n
}

/// The name /etc/hosts gives the address, into `out`; its length.
pub fn from_hosts(family: c_int, addr: &[u8], out: &mut [u8; NAME_ROOM]) -> Option<usize> {
    let want = as_v6(family, addr);
    let mut len = None;
    let _ = hosts::for_each(hosts::PATH, |line| {
        if as_v6(line.family, &line.addr) != want || line.name.len() >= NAME_ROOM {
            return core::ops::ControlFlow::Continue(());
        }
        out[..line.name.len()].copy_from_slice(line.name);
        len = Some(line.name.len());
        core::ops::ControlFlow::Break(())
    });
    len
}

/// The name a PTR record in DNS gives the address, into `out`; its length, or why not.
pub fn from_dns(family: c_int, addr: &[u8], out: &mut [u8; NAME_ROOM]) -> Result<usize, Miss> {
    let mut name = [0u8; 80];
    let n = ptr_name(&as_v6(family, addr), &mut name);
    let c = conf::load();
    let mut q = [0u8; NS_PACKETSZ];
    let Some(qlen) = query::build(&name[..n], C_IN, T_PTR, query::random_id(), None, &mut q) else { return Err(Miss::Unusable) };
    let mut answer = [0u8; ANSWER_ROOM];
    let mut ex = [Exchange::new(&q[..qlen], &mut answer)];
    send(&c, &mut ex);
    let e = &ex[0];
    if e.len == 0 {
        return Err(Miss::Silent);
    }
    let Some(msg) = Message::parse(e.answer()) else { return Err(Miss::Unusable) };
    match msg.header().rcode {
        NOERROR => {}
        crate::dns::NXDOMAIN => return Err(Miss::NxDomain),
        _ => return Err(Miss::ServFail),
    }
    for rr in msg.answers() {
        if rr.rtype == T_PTR && rr.class == C_IN
            && let Some((len, _)) = expand(msg.msg(), rr.rdata_pos, out)
                && len > 0 && len < NAME_ROOM {
                    return Ok(len);
                }
    }
    Err(Miss::NoData)
}
