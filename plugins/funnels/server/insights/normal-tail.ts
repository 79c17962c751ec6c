/**
 * P(Z > |z|) for a standard normal Z, to about 15 significant digits: Hart's rational
 * approximation as Graeme West gives it ("Better approximations to cumulative normal
 * functions", 2005). The naive 1 - Φ(z) loses every digit in the far tail, where small
 * p-values live.
 */
export function normalUpperTail(z: number): number {
  const x = Math.abs(z);
  if (Number.isNaN(x)) return Number.NaN;
  if (x > 37) return 0;
  const density = Math.exp((-x * x) / 2);
  if (x < 7.07106781186547) {
    let numerator = 3.52624965998911e-2 * x + 0.700383064443688;
    numerator = numerator * x + 6.37396220353165;
    numerator = numerator * x + 33.912866078383;
    numerator = numerator * x + 112.079291497871;
    numerator = numerator * x + 221.213596169931;
    numerator = numerator * x + 220.206867912376;
    let denominator = 8.83883476483184e-2 * x + 1.75566716318264;
    denominator = denominator * x + 16.064177579207;
    denominator = denominator * x + 86.7807322029461;
    denominator = denominator * x + 296.564248779674;
    denominator = denominator * x + 637.333633378831;
    denominator = denominator * x + 793.826512519948;
    denominator = denominator * x + 440.413735824752;
    return (density * numerator) / denominator;
  }
  // Continued fraction for the far tail.
  let fraction = x + 0.65;
  fraction = x + 4 / fraction;
  fraction = x + 3 / fraction;
  fraction = x + 2 / fraction;
  fraction = x + 1 / fraction;
  return density / fraction / 2.506628274631;
}
