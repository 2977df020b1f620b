//! The C locale's `LC_TIME` strings (what `nl_langinfo` gives for them).
pub const ABDAY: [&[u8]; 7] = [b"Sun", b"Mon", b"Tue", b"Wed", b"Thu", b"Fri", b"Sat"];
pub const DAY: [&[u8]; 7] = [b"Sunday", b"Monday", b"Tuesday", b"Wednesday", b"Thursday", b"Friday", b"Saturday"];
pub const ABMON: [&[u8]; 12] =
    [b"Jan", b"Feb", b"Mar", b"Apr", b"May", b"Jun", b"Jul", b"Aug", b"Sep", b"Oct", b"Nov", b"Dec"];
pub const MON: [&[u8]; 12] = [
    b"January", b"February", b"March", b"April", b"May", b"June", b"July", b"August", b"September", b"October",
    b"November", b"December",
];
pub const AM: &[u8] = b"AM";
pub const PM: &[u8] = b"PM";
pub const D_T_FMT: &[u8] = b"%a %b %e %T %Y";
pub const D_FMT: &[u8] = b"%m/%d/%y";
pub const T_FMT: &[u8] = b"%H:%M:%S";
pub const T_FMT_AMPM: &[u8] = b"%I:%M:%S %p";
