"""π by Machin's formula and ln 2 by its atanh series, in Python integers, for the table
generators beside this file."""


def arctan_inv(x, one, hyperbolic=False):
    """arctan(1/x) * one (atanh(1/x) * one when `hyperbolic`), in integers."""
    total = term = one // x
    x2 = x * x
    n = 1
    sign = 1 if hyperbolic else -1
    while term:
        term //= x2
        total += sign * (term // (2 * n + 1))
        if not hyperbolic:
            sign = -sign
        n += 1
    return total


def atanh_inv(x, one):
    """atanh(1/x) * one, in integers."""
    return arctan_inv(x, one, hyperbolic=True)


def pi_scaled(bits):
    """π·2^bits, truncated, by Machin's formula: π/4 = 4 arctan(1/5) - arctan(1/239)."""
    one = 1 << bits
    return 4 * (4 * arctan_inv(5, one) - arctan_inv(239, one))
