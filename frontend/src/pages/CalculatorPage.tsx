export default function CalculatorPage() {
  return <section className="container section"><h1>CalculatorPage</h1></section>;
}
