export function App() {
  return (
    <main>
      <h1>Trove</h1>
      <p>Paste a link to a post, a profile or a playlist.</p>
    </main>
  );
}
