export default function ProductDetailPage() {
  return <section className="container section"><h1>ProductDetailPage</h1></section>;
}
