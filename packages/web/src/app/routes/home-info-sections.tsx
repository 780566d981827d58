const box = 'rounded-box border border-base-300 bg-base-100 p-6';

export function ShippingSection() {
  return (
    <section aria-labelledby="shipping-title" className={`mx-auto max-w-6xl ${box}`}>
      <h2 id="shipping-title" className="text-3xl font-semibold">
        Free worldwide shipping
      </h2>
      <p className="mt-3">
        Every order ships free of charge, wherever your plant is: sealed pallets with tracking, customs papers and
        insurance included, so the price per unit is the price you pay.
      </p>
    </section>
  );
}

const about = [
  ['Made in our own plant', 'We design and assemble every part we sell and burn-in test each batch before packing.'],
  [
    'Secure ordering',
    'Passwords are hashed, sessions are signed and can be revoked, and card details go straight to the payment processor.',
  ],
  ['Traceable batches', 'Every order records what was shipped and paid, so your purchasing team can audit it.'],
];

export function AboutSection() {
  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-6xl px-4 py-14">
      <h2 id="about-title" className="text-center text-3xl font-semibold">
        About us and your security
      </h2>
      <ul className="mt-8 grid gap-6 md:grid-cols-3">
        {about.map(([title, text]) => (
          <li key={title} className={box}>
            <h3 className="text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
