export default function FaqPage() {
  return <section className="container section"><h1>FaqPage</h1></section>;
}
