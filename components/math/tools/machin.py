"""π by Machin's formula in Python integers, for the table generators beside this file."""


def arctan_inv(x, one):
    """arctan(1/x) * one, in integers."""
    total = term = one // x
    x2 = x * x
    n = 1
    sign = -1
    while term:
        term //= x2
        total += sign * (term // (2 * n + 1))
        sign = -sign
        n += 1
    return total


def pi_scaled(bits):
    """π·2^bits, truncated, by Machin's formula: π/4 = 4 arctan(1/5) - arctan(1/239)."""
    one = 1 << bits
    return 4 * (4 * arctan_inv(5, one) - arctan_inv(239, one))
