//! The first pass over a format, and the table of positional (`%n$`) arguments.
use limpet_syscall::errno::EINVAL;

use super::ArgSource;
use super::parse::{Class, Count, Units, next_spec, parse};
use crate::abi::NL_ARGMAX;

/// What the first pass found out.
pub(crate) enum Plan {
    /// Arguments are taken in order, as the conversions come.
    Sequential,
    /// Arguments are named by position and were all read already.
    Positional(Table),
}

/// The positional arguments, as their bits (a long double's 80 need more than 64); index 0
/// is unused.
pub(crate) struct Table {
    class: [Option<Class>; NL_ARGMAX + 1],
    value: [u128; NL_ARGMAX + 1],
}

impl Table {
    pub(crate) fn int(&self, n: usize) -> u64 {
        self.value[n] as u64
    }

    pub(crate) fn f64(&self, n: usize) -> f64 {
        f64::from_bits(self.value[n] as u64)
    }

    /// Argument `n`'s `long double` bits (see [`ArgSource::next_long_double`]).
    pub(crate) fn long_double(&self, n: usize) -> u128 {
        self.value[n]
    }

    /// Records that argument `n` is read as `class`. One position used with two classes
    /// cannot be read both ways from a `va_list`, so that is EINVAL (musl reads garbage).
    fn note(&mut self, n: usize, class: Class) -> Result<(), i32> {
        match self.class[n] {
            Some(c) if c != class => Err(EINVAL),
            _ => {
                self.class[n] = Some(class);
                Ok(())
            }
        }
    }
}

/// Walks `fmt` without output (see the module doc of `printf`). Mixing `%n$` with
/// arguments taken in order is undefined in C; it is EINVAL here wherever this pass sees it.
pub(crate) fn plan<F: Units + ?Sized, A: ArgSource + ?Sized>(fmt: &F, args: &mut A) -> Result<Plan, i32> {
    let mut table = Table { class: [None; NL_ARGMAX + 1], value: [0; NL_ARGMAX + 1] };
    let mut positional = false;
    let mut in_order = false;
    let mut i = 0;
    while next_spec::<_, i32>(fmt, &mut i, |_| Ok(()))? {
        let spec = parse(fmt, &mut i)?;
        for count in [spec.width, spec.prec] {
            match count {
                Count::Next => in_order = true,
                Count::Pos(n) => {
                    positional = true;
                    table.note(n, Class::Int)?;
                }
                Count::Absent | Count::Fixed(_) => {}
            }
        }
        match (spec.pos, spec.class()) {
            (Some(n), Some(class)) => {
                positional = true;
                table.note(n, class)?;
            }
            // `%m` takes no argument, so it cannot name one (and fits either style).
            (Some(_), None) => return Err(EINVAL),
            (None, Some(_)) => in_order = true,
            (None, None) => {}
        }
        if positional && in_order {
            return Err(EINVAL);
        }
        if spec.pos.is_none() && spec.class().is_some() {
            return Ok(Plan::Sequential);
        }
    }
    // Only `*`s took arguments in order (`%*m`): they are read during the output.
    if !positional {
        return Ok(Plan::Sequential);
    }
    // Positions must be used from 1 up without a gap: an unused one has no type to read it by.
    let used = table.class.iter().skip(1).take_while(|c| c.is_some()).count();
    if table.class.iter().skip(1 + used).any(Option::is_some) {
        // musl's vfwprintf fails a gap without setting errno.
        return Err(if F::WIDE { crate::vfprintf::NO_ERRNO } else { EINVAL });
    }
    for n in 1..=used {
        table.value[n] = match table.class[n] {
            Some(Class::Double) => u128::from(args.next_f64().to_bits()),
            Some(Class::LongDouble) => args.next_long_double(),
            _ => u128::from(args.next_int()),
        };
    }
    Ok(Plan::Positional(table))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::printf::{Arg, ArgList, F80};

    fn plan_of(fmt: &str, args: &[Arg]) -> Result<Plan, i32> {
        plan(fmt.as_bytes(), &mut ArgList::new(args))
    }

    #[test]
    fn sequential_stops_at_first_conversion() {
        // The error after the first in-order conversion is left for the second pass.
        assert!(matches!(plan_of("%d%y", &[]), Ok(Plan::Sequential)));
        assert_eq!(plan_of("abc%y", &[]).err(), Some(EINVAL));
        assert_eq!(plan_of("%*y", &[]).err(), Some(EINVAL));
        // `%m` takes no argument, so the pass goes on past it.
        assert_eq!(plan_of("%m%y", &[]).err(), Some(EINVAL));
        // Nor does a `*` before it, whose argument is read in order during the output.
        assert!(matches!(plan_of("%*m|%-*.*m", &[]), Ok(Plan::Sequential)));
    }

    #[test]
    fn positional_arguments_are_read_in_position_order() {
        let Ok(Plan::Positional(t)) = plan_of("%3$d %1$f %2$s %1$e", &[Arg::F64(2.5), Arg::Int(-7), Arg::Int(9)]) else {
            panic!()
        };
        assert_eq!((t.f64(1), t.int(2) as i64, t.int(3)), (2.5, -7, 9));
        let Ok(Plan::Positional(t)) = plan_of("%2$*1$d", &[Arg::Int(5), Arg::Int(42)]) else { panic!() };
        assert_eq!((t.int(1), t.int(2)), (5, 42));
        let x = F80 { mant: 0xc000_0000_0000_0000, se: 0xbfff };
        let Ok(Plan::Positional(t)) = plan_of("%2$Lf %1$d %3$f", &[Arg::Int(-1), Arg::F80(x), Arg::F64(0.5)]) else { panic!() };
        assert_eq!((t.int(1) as i64, t.long_double(2), t.f64(3)), (-1, x.to_bits(), 0.5));
    }

    #[test]
    fn positional_errors() {
        for fmt in ["%2$d", "%3$d%1$d", "%1$d%d", "%1$*d", "%*1$d", "%1$d%1$f", "%1$*1$f", "%1$f%1$Lf", "%1$Le%1$d"] {
            assert_eq!(plan_of(fmt, &[]).err(), Some(EINVAL), "{fmt}");
        }
        assert!(plan_of("%9$d%1$d%2$d%3$d%4$d%5$d%6$d%7$d%8$d", &[]).is_ok());
        assert!(plan_of("no conversions %%", &[]).is_ok());
        assert!(matches!(plan_of("%1$d%m%2$s", &[]), Ok(Plan::Positional(_))));
        assert_eq!(plan_of("%1$m", &[]).err(), Some(EINVAL));
    }
}
