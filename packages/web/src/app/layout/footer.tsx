export function Footer() {
  return (
    <footer className="bg-neutral px-4 py-8 text-center text-sm text-neutral-content">
      <p className="font-semibold">Kestrel Components — computer parts in bulk for system builders and IT teams</p>
      <p className="mt-2">Copyright © {new Date().getFullYear()} Kestrel Components. All rights reserved.</p>
    </footer>
  );
}
