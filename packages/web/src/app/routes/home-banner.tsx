const stats = [
  ['24/7', 'support'],
  ['10000+', 'client satisfaction'],
  ['33k+', 'reviews'],
];

export function HomeBanner() {
  return (
    <section aria-labelledby="banner-title" className="bg-primary px-4 pb-20 pt-16 text-primary-content md:pt-24">
      <div className="mx-auto max-w-6xl">
        <h1 id="banner-title" className="max-w-3xl text-4xl font-bold md:text-5xl">
          Precision computer parts, built for your production line
        </h1>
        <p className="mt-4 max-w-xl text-lg">
          Motherboards, memory, storage and power delivered by the thousand, tested before they leave our factory.
        </p>
        <a href="#latest-products" className="btn btn-lg mt-8 border-0 bg-base-100 text-primary">
          See the latest parts
        </a>
      </div>
    </section>
  );
}

export function HomeStats() {
  return (
    <ul aria-label="Kestrel in numbers" className="mx-auto -mt-10 grid max-w-6xl gap-4 px-4 sm:grid-cols-3">
      {stats.map(([value, label]) => (
        <li key={label} className="rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-sm">
          <p className="text-4xl font-bold text-primary">{value}</p>
          <p className="mt-1 font-medium">{label}</p>
        </li>
      ))}
    </ul>
  );
}
