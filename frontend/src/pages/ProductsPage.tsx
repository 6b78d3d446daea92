export default function ProductsPage() {
  return <section className="container section"><h1>ProductsPage</h1></section>;
}
