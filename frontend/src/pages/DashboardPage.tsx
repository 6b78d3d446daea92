export default function DashboardPage() {
  return <section className="container section"><h1>DashboardPage</h1></section>;
}
