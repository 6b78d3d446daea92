export default function CategoriesPage() {
  return <section className="container section"><h1>CategoriesPage</h1></section>;
}
