export default function SearchPage() {
  return <section className="container section"><h1>SearchPage</h1></section>;
}
