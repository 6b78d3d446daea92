export default function ReturnsPage() {
  return <section className="container section"><h1>ReturnsPage</h1></section>;
}
