export default function AdminPage() {
  return <section className="container section"><h1>AdminPage</h1></section>;
}
