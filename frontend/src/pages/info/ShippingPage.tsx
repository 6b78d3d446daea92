export default function ShippingPage() {
  return <section className="container section"><h1>ShippingPage</h1></section>;
}
