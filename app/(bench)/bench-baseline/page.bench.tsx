// The bare page the first-load JS budget is measured against; built only when BENCH_BUILD is set.
export default function BenchBaselinePage() {
  return <p>Baseline page.</p>;
}
