export default function CheckoutPage() {
  return <section className="container section"><h1>CheckoutPage</h1></section>;
}
