export default function AuthPage() {
  return <section className="container section"><h1>AuthPage</h1></section>;
}
