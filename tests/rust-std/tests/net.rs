//! std::net and std::os::unix::net over loopback: TCP, UDP, IPv6, Unix
//! sockets, socket options and timeouts, and name resolution.

use limpet_std_suite::ScratchDir;
use std::io::{ErrorKind, Read, Write};
use std::net::{
    IpAddr, Ipv4Addr, Ipv6Addr, Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs,
    UdpSocket,
};
use std::os::unix::fs::FileTypeExt;
use std::os::unix::net::{UnixDatagram, UnixListener, UnixStream};
use std::thread;
use std::time::{Duration, Instant};

const LO: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

fn tcp_pair() -> (TcpStream, TcpStream, TcpListener) {
    let l = TcpListener::bind((LO, 0)).unwrap();
    let c = TcpStream::connect(l.local_addr().unwrap()).unwrap();
    let (s, _) = l.accept().unwrap();
    (c, s, l)
}

#[test]
fn tcp_connect_accept_and_addresses() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let la = l.local_addr().unwrap();
    assert_eq!(la.ip(), LO);
    assert_ne!(la.port(), 0, "an ephemeral port was assigned");

    let c = TcpStream::connect(la).unwrap();
    let (s, peer) = l.accept().unwrap();
    assert_eq!(c.peer_addr().unwrap(), la);
    assert_eq!(s.local_addr().unwrap(), la);
    assert_eq!(peer, c.local_addr().unwrap());
    assert_eq!(s.peer_addr().unwrap(), c.local_addr().unwrap());
    assert_ne!(c.local_addr().unwrap().port(), la.port());
    assert!(c.take_error().unwrap().is_none());
}

#[test]
fn tcp_read_write_both_ways_and_shutdown() {
    let (mut c, mut s, _l) = tcp_pair();
    c.write_all(b"ping from client").unwrap();
    let mut buf = [0u8; 16];
    s.read_exact(&mut buf).unwrap();
    assert_eq!(&buf, b"ping from client");
    s.write_all(b"pong").unwrap();
    let mut four = [0u8; 4];
    c.read_exact(&mut four).unwrap();
    assert_eq!(&four, b"pong");

    // Half close: the server sees EOF, but can still send back.
    c.shutdown(Shutdown::Write).unwrap();
    let mut rest = Vec::new();
    assert_eq!(s.read_to_end(&mut rest).unwrap(), 0);
    s.write_all(b"after shutdown").unwrap();
    s.shutdown(Shutdown::Both).unwrap();
    let mut got = String::new();
    c.read_to_string(&mut got).unwrap();
    assert_eq!(got, "after shutdown");
    // Writing on a stream shut down for writing fails with EPIPE.
    assert_eq!(c.write(b"x").unwrap_err().kind(), ErrorKind::BrokenPipe);
}

#[test]
fn tcp_large_transfer_through_threads() {
    let (mut c, mut s, _l) = tcp_pair();
    let data: Vec<u8> = (0..4_000_000u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 24) as u8)
        .collect();
    let expect = data.clone();
    let t = thread::spawn(move || {
        c.write_all(&data).unwrap();
        c.shutdown(Shutdown::Write).unwrap();
        let mut echo = Vec::new();
        c.read_to_end(&mut echo).unwrap();
        echo
    });
    let mut got = Vec::new();
    s.read_to_end(&mut got).unwrap();
    assert_eq!(got.len(), expect.len());
    assert!(got == expect);
    s.write_all(&got[..1000]).unwrap();
    drop(s);
    assert_eq!(t.join().unwrap(), &expect[..1000]);
}

#[test]
fn tcp_socket_options() {
    let (c, s, l) = tcp_pair();
    assert!(!c.nodelay().unwrap());
    c.set_nodelay(true).unwrap();
    assert!(c.nodelay().unwrap());
    c.set_nodelay(false).unwrap();
    assert!(!c.nodelay().unwrap());
    c.set_ttl(42).unwrap();
    assert_eq!(c.ttl().unwrap(), 42);
    l.set_ttl(17).unwrap();
    assert_eq!(l.ttl().unwrap(), 17);
    assert_eq!(s.read_timeout().unwrap(), None);
    s.set_write_timeout(Some(Duration::from_millis(1500)))
        .unwrap();
    assert_eq!(
        s.write_timeout().unwrap(),
        Some(Duration::from_millis(1500))
    );
    // A zero timeout is rejected by std.
    assert_eq!(
        s.set_read_timeout(Some(Duration::ZERO)).unwrap_err().kind(),
        ErrorKind::InvalidInput
    );
    let c2 = c.try_clone().unwrap();
    assert_eq!(c2.peer_addr().unwrap(), c.peer_addr().unwrap());
}

#[test]
fn tcp_read_timeout_expires() {
    let (_c, mut s, _l) = tcp_pair();
    s.set_read_timeout(Some(Duration::from_millis(60))).unwrap();
    let got = s.read_timeout().unwrap().unwrap();
    assert!(
        got >= Duration::from_millis(59) && got <= Duration::from_millis(61),
        "{got:?}"
    );
    let start = Instant::now();
    let err = s.read(&mut [0u8; 8]).unwrap_err();
    let took = start.elapsed();
    assert!(
        matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
        "unexpected error {err:?}"
    );
    assert!(took >= Duration::from_millis(50), "returned after {took:?}");
    assert!(took < Duration::from_secs(2), "returned after {took:?}");
}

#[test]
fn tcp_nonblocking_accept_and_read() {
    let l = TcpListener::bind((LO, 0)).unwrap();
    l.set_nonblocking(true).unwrap();
    let err = l.accept().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::WouldBlock);
    assert_eq!(err.raw_os_error(), Some(libc::EAGAIN));

    let mut c = TcpStream::connect(l.local_addr().unwrap()).unwrap();
    let deadline = Instant::now() + Duration::from_secs(2);
    let (mut s, _) = loop {
        match l.accept() {
            Ok(pair) => break pair,
            Err(e) if e.kind() == ErrorKind::WouldBlock && Instant::now() < deadline => {
                thread::sleep(Duration::from_millis(1))
            }
            Err(e) => panic!("accept: {e}"),
        }
    };
    // The accepted socket is blocking regardless of the listener's mode.
    s.set_nonblocking(true).unwrap();
    assert_eq!(
        s.read(&mut [0u8; 4]).unwrap_err().kind(),
        ErrorKind::WouldBlock
    );
    c.write_all(b"wake").unwrap();
    s.set_nonblocking(false).unwrap();
    let mut b = [0u8; 4];
    s.read_exact(&mut b).unwrap();
    assert_eq!(&b, b"wake");
}

#[test]
fn tcp_connect_refused() {
    // A socket that is bound but not listening: connecting to it is refused,
    // without any race on a port that another test could reuse.
    let fd = unsafe { libc::socket(libc::AF_INET, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0) };
    assert!(fd >= 0);
    let mut sin: libc::sockaddr_in = unsafe { std::mem::zeroed() };
    sin.sin_family = libc::AF_INET as libc::sa_family_t;
    sin.sin_addr.s_addr = u32::from(Ipv4Addr::LOCALHOST).to_be();
    let len = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
    assert_eq!(
        unsafe { libc::bind(fd, &sin as *const _ as *const libc::sockaddr, len) },
        0
    );
    let mut got_len = len;
    assert_eq!(
        unsafe { libc::getsockname(fd, &mut sin as *mut _ as *mut libc::sockaddr, &mut got_len) },
        0
    );
    let port = u16::from_be(sin.sin_port);
    assert_ne!(port, 0);

    let err = TcpStream::connect((LO, port)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::ConnectionRefused, "{err}");
    let err =
        TcpStream::connect_timeout(&SocketAddr::new(LO, port), Duration::from_secs(1)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::ConnectionRefused, "{err}");
    unsafe { libc::close(fd) };

    // Binding the port of a live listener fails with AddrInUse.
    let l = TcpListener::bind((LO, 0)).unwrap();
    let err = TcpListener::bind(l.local_addr().unwrap()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::AddrInUse);
}

#[test]
fn udp_send_to_recv_from_connect_and_peek() {
    let a = UdpSocket::bind((LO, 0)).unwrap();
    let b = UdpSocket::bind((LO, 0)).unwrap();
    let (aa, ba) = (a.local_addr().unwrap(), b.local_addr().unwrap());
    assert_eq!(a.send_to(b"datagram one", ba).unwrap(), 12);
    let mut buf = [0u8; 64];
    let (n, from) = b.recv_from(&mut buf).unwrap();
    assert_eq!(&buf[..n], b"datagram one");
    assert_eq!(from, aa);

    // Peek leaves the datagram queued.
    a.send_to(b"peeked", ba).unwrap();
    let (n, from) = b.peek_from(&mut buf).unwrap();
    assert_eq!((&buf[..n], from), (&b"peeked"[..], aa));
    let n = b.peek(&mut buf).unwrap();
    assert_eq!(&buf[..n], b"peeked");
    let (n, _) = b.recv_from(&mut buf).unwrap();
    assert_eq!(&buf[..n], b"peeked");

    // A short buffer truncates the datagram; the rest is dropped.
    a.send_to(b"0123456789", ba).unwrap();
    a.send_to(b"next", ba).unwrap();
    let mut small = [0u8; 4];
    let (n, _) = b.recv_from(&mut small).unwrap();
    assert_eq!((n, &small), (4, b"0123"));
    let (n, _) = b.recv_from(&mut buf).unwrap();
    assert_eq!(&buf[..n], b"next");

    // Connected sockets use send/recv; datagram boundaries are kept.
    a.connect(ba).unwrap();
    b.connect(aa).unwrap();
    assert_eq!(a.peer_addr().unwrap(), ba);
    a.send(b"one").unwrap();
    a.send(b"").unwrap();
    a.send(b"three").unwrap();
    assert_eq!(b.recv(&mut buf).unwrap(), 3);
    assert_eq!(&buf[..3], b"one");
    assert_eq!(b.recv(&mut buf).unwrap(), 0);
    assert_eq!(b.recv(&mut buf).unwrap(), 5);
    assert_eq!(&buf[..5], b"three");
    b.send(b"back").unwrap();
    assert_eq!(a.recv(&mut buf).unwrap(), 4);
    assert_eq!(&buf[..4], b"back");
}

#[test]
fn udp_timeout_nonblocking_and_options() {
    let s = UdpSocket::bind((LO, 0)).unwrap();
    s.set_read_timeout(Some(Duration::from_millis(40))).unwrap();
    let start = Instant::now();
    let err = s.recv_from(&mut [0u8; 8]).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
        "{err:?}"
    );
    assert!(start.elapsed() >= Duration::from_millis(30));

    s.set_nonblocking(true).unwrap();
    assert_eq!(
        s.recv(&mut [0u8; 8]).unwrap_err().kind(),
        ErrorKind::WouldBlock
    );

    s.set_broadcast(true).unwrap();
    assert!(s.broadcast().unwrap());
    s.set_ttl(9).unwrap();
    assert_eq!(s.ttl().unwrap(), 9);
    s.set_multicast_loop_v4(false).unwrap();
    assert!(!s.multicast_loop_v4().unwrap());
    // recv on an unconnected socket without data, send without a peer.
    assert!(s.peer_addr().is_err());
    assert_eq!(
        s.send(b"x").unwrap_err().raw_os_error(),
        Some(libc::EDESTADDRREQ)
    );
}

#[test]
fn ipv6_loopback_if_available() {
    let l = match TcpListener::bind((Ipv6Addr::LOCALHOST, 0)) {
        Ok(l) => l,
        Err(e) => {
            println!("note: skipping IPv6 test, cannot bind [::1]: {e}");
            return;
        }
    };
    let la = l.local_addr().unwrap();
    assert!(la.is_ipv6());
    assert_eq!(la.ip(), IpAddr::V6(Ipv6Addr::LOCALHOST));
    let mut c = TcpStream::connect(la).unwrap();
    let (mut s, peer) = l.accept().unwrap();
    assert_eq!(peer.ip(), IpAddr::V6(Ipv6Addr::LOCALHOST));
    assert_eq!(peer, c.local_addr().unwrap());
    c.write_all(b"v6").unwrap();
    let mut b = [0u8; 2];
    s.read_exact(&mut b).unwrap();
    assert_eq!(&b, b"v6");
    assert_eq!(format!("{la}"), format!("[::1]:{}", la.port()));

    let u1 = UdpSocket::bind("[::1]:0").unwrap();
    let u2 = UdpSocket::bind("[::1]:0").unwrap();
    u1.send_to(b"six", u2.local_addr().unwrap()).unwrap();
    let mut buf = [0u8; 8];
    let (n, from) = u2.recv_from(&mut buf).unwrap();
    assert_eq!((&buf[..n], from), (&b"six"[..], u1.local_addr().unwrap()));
}

#[test]
fn unix_stream_listener_on_a_path() {
    let d = ScratchDir::new("net-unix");
    let path = d.join("sock");
    let l = UnixListener::bind(&path).unwrap();
    assert_eq!(l.local_addr().unwrap().as_pathname(), Some(path.as_path()));
    assert!(
        std::fs::symlink_metadata(&path)
            .unwrap()
            .file_type()
            .is_socket()
    );

    let p2 = path.clone();
    let t = thread::spawn(move || {
        let mut c = UnixStream::connect(&p2).unwrap();
        assert_eq!(c.peer_addr().unwrap().as_pathname(), Some(p2.as_path()));
        c.write_all(b"over a unix socket").unwrap();
        let mut reply = String::new();
        c.read_to_string(&mut reply).unwrap();
        reply
    });
    let (mut s, addr) = l.accept().unwrap();
    assert!(addr.is_unnamed(), "the client did not bind");
    let mut buf = [0u8; 18];
    s.read_exact(&mut buf).unwrap();
    assert_eq!(&buf, b"over a unix socket");
    s.write_all(b"reply").unwrap();
    drop(s);
    assert_eq!(t.join().unwrap(), "reply");

    // Binding an existing path fails; connecting to a missing one too.
    assert_eq!(
        UnixListener::bind(&path).unwrap_err().kind(),
        ErrorKind::AddrInUse
    );
    assert_eq!(
        UnixStream::connect(d.join("none")).unwrap_err().kind(),
        ErrorKind::NotFound
    );
    // A path that is not a socket: ECONNREFUSED.
    std::fs::write(d.join("plain"), b"").unwrap();
    let err = UnixStream::connect(d.join("plain")).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::ConnectionRefused, "{err}");
}

#[test]
fn unix_stream_pair_and_timeouts() {
    let (mut a, mut b) = UnixStream::pair().unwrap();
    a.write_all(b"left to right").unwrap();
    let mut buf = [0u8; 13];
    b.read_exact(&mut buf).unwrap();
    assert_eq!(&buf, b"left to right");
    b.write_all(b"back").unwrap();
    let mut four = [0u8; 4];
    a.read_exact(&mut four).unwrap();
    assert_eq!(&four, b"back");
    assert!(a.local_addr().unwrap().is_unnamed());

    b.set_read_timeout(Some(Duration::from_millis(30))).unwrap();
    let start = Instant::now();
    let err = b.read(&mut buf).unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut),
        "{err:?}"
    );
    assert!(start.elapsed() >= Duration::from_millis(20));

    a.shutdown(Shutdown::Write).unwrap();
    assert_eq!(b.read(&mut buf).unwrap(), 0);
    drop(b);
    assert_eq!(a.write(b"gone").unwrap_err().kind(), ErrorKind::BrokenPipe);
}

#[test]
fn unix_datagrams_pair_and_paths() {
    let (a, b) = UnixDatagram::pair().unwrap();
    a.send(b"first").unwrap();
    a.send(b"second!").unwrap();
    let mut buf = [0u8; 32];
    assert_eq!(b.recv(&mut buf).unwrap(), 5);
    assert_eq!(&buf[..5], b"first");
    assert_eq!(b.recv(&mut buf).unwrap(), 7);
    assert_eq!(&buf[..7], b"second!");

    let d = ScratchDir::new("net-udgram");
    let (pa, pb) = (d.join("a.sock"), d.join("b.sock"));
    let sa = UnixDatagram::bind(&pa).unwrap();
    let sb = UnixDatagram::bind(&pb).unwrap();
    assert_eq!(sa.send_to(b"to b", &pb).unwrap(), 4);
    let (n, from) = sb.recv_from(&mut buf).unwrap();
    assert_eq!(&buf[..n], b"to b");
    assert_eq!(from.as_pathname(), Some(pa.as_path()));
    sb.connect(&pa).unwrap();
    sb.send(b"reply").unwrap();
    let (n, from) = sa.recv_from(&mut buf).unwrap();
    assert_eq!(
        (&buf[..n], from.as_pathname()),
        (&b"reply"[..], Some(pb.as_path()))
    );

    let u = UnixDatagram::unbound().unwrap();
    u.send_to(b"anon", &pa).unwrap();
    let (n, from) = sa.recv_from(&mut buf).unwrap();
    assert_eq!(&buf[..n], b"anon");
    assert!(from.is_unnamed());
    u.set_nonblocking(true).unwrap();
    assert_eq!(u.recv(&mut buf).unwrap_err().kind(), ErrorKind::WouldBlock);
}

#[test]
fn to_socket_addrs_numeric_and_localhost() {
    let v: Vec<SocketAddr> = "127.0.0.1:8080".to_socket_addrs().unwrap().collect();
    assert_eq!(v, vec![SocketAddr::from(([127, 0, 0, 1], 8080))]);
    let v: Vec<SocketAddr> = "[::1]:443".to_socket_addrs().unwrap().collect();
    assert_eq!(v, vec![SocketAddr::from((Ipv6Addr::LOCALHOST, 443))]);

    // "localhost" goes through getaddrinfo (the hosts file).
    let v: Vec<SocketAddr> = "localhost:80".to_socket_addrs().unwrap().collect();
    assert!(!v.is_empty());
    assert!(
        v.contains(&SocketAddr::from(([127, 0, 0, 1], 80))),
        "got {v:?}"
    );
    assert!(
        v.iter().all(|a| a.port() == 80 && a.ip().is_loopback()),
        "got {v:?}"
    );
    let v: Vec<SocketAddr> = ("localhost", 0).to_socket_addrs().unwrap().collect();
    assert!(
        v.contains(&SocketAddr::from(([127, 0, 0, 1], 0))),
        "got {v:?}"
    );

    // Resolving and connecting by name.
    let l = TcpListener::bind((LO, 0)).unwrap();
    let port = l.local_addr().unwrap().port();
    let c = TcpStream::connect(("localhost", port)).unwrap();
    assert!(c.peer_addr().unwrap().ip().is_loopback());

    // Legacy numeric forms are resolved by getaddrinfo's inet_aton.
    let v: Vec<SocketAddr> = "127.1:22".to_socket_addrs().unwrap().collect();
    assert_eq!(v, vec![SocketAddr::from(([127, 0, 0, 1], 22))]);
    let v: Vec<SocketAddr> = "0x7f.0.0.2:22".to_socket_addrs().unwrap().collect();
    assert_eq!(v, vec![SocketAddr::from(([127, 0, 0, 2], 22))]);
}

#[test]
fn to_socket_addrs_errors() {
    // A name longer than any valid host name fails inside getaddrinfo
    // without any query leaving the machine.
    let long = format!("{}.example:80", "a".repeat(300));
    assert!(long.to_socket_addrs().is_err());
    // Malformed strings are rejected before any lookup.
    assert_eq!(
        "localhost".to_socket_addrs().unwrap_err().kind(),
        ErrorKind::InvalidInput
    );
    assert_eq!(
        "localhost:notaport".to_socket_addrs().unwrap_err().kind(),
        ErrorKind::InvalidInput
    );
    assert_eq!(
        "localhost:99999".to_socket_addrs().unwrap_err().kind(),
        ErrorKind::InvalidInput
    );
}

#[test]
fn unix_abstract_namespace() {
    use std::os::linux::net::SocketAddrExt;
    use std::os::unix::net::SocketAddr as UnixAddr;
    let name = format!("limpet-std-{}-abstract", std::process::id());
    let addr = UnixAddr::from_abstract_name(name.as_bytes()).unwrap();
    let l = UnixListener::bind_addr(&addr).unwrap();
    assert_eq!(
        l.local_addr().unwrap().as_abstract_name(),
        Some(name.as_bytes())
    );
    assert_eq!(l.local_addr().unwrap().as_pathname(), None);
    let mut c = UnixStream::connect_addr(&addr).unwrap();
    let (mut s, _) = l.accept().unwrap();
    c.write_all(b"abstract").unwrap();
    let mut b = [0u8; 8];
    s.read_exact(&mut b).unwrap();
    assert_eq!(&b, b"abstract");
    assert_eq!(
        c.peer_addr().unwrap().as_abstract_name(),
        Some(name.as_bytes())
    );
    // A second bind of the same name fails.
    assert_eq!(
        UnixListener::bind_addr(&addr).unwrap_err().kind(),
        ErrorKind::AddrInUse
    );
    drop(l);
    // Once closed, the name is free again (no file left behind).
    let again = UnixListener::bind_addr(&addr).unwrap();
    drop(again);
}

#[test]
fn tcp_incoming_serves_many_clients() {
    let l = TcpListener::bind((LO, 0)).unwrap();
    let addr = l.local_addr().unwrap();
    const CLIENTS: usize = 40;
    let server = thread::spawn(move || {
        let mut served = 0;
        for stream in l.incoming().take(CLIENTS) {
            let mut s = stream.unwrap();
            let mut buf = [0u8; 2];
            s.read_exact(&mut buf).unwrap();
            let n = u16::from_be_bytes(buf);
            s.write_all(&(n * 2).to_be_bytes()).unwrap();
            served += 1;
        }
        served
    });
    let clients: Vec<_> = (0..CLIENTS as u16)
        .map(|i| {
            thread::spawn(move || {
                let mut c = TcpStream::connect(addr).unwrap();
                c.write_all(&i.to_be_bytes()).unwrap();
                // peek does not consume.
                let mut p = [0u8; 2];
                let mut got = 0;
                while got < 2 {
                    got = c.peek(&mut p).unwrap();
                }
                let mut buf = [0u8; 2];
                c.read_exact(&mut buf).unwrap();
                assert_eq!(p, buf);
                u16::from_be_bytes(buf)
            })
        })
        .collect();
    for (i, c) in clients.into_iter().enumerate() {
        assert_eq!(c.join().unwrap(), 2 * i as u16);
    }
    assert_eq!(server.join().unwrap(), CLIENTS);
}
