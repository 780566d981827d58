// Magic-number check of the four accepted formats. Used only when sharp cannot read a header, to tell a damaged image
// (400: the signature is right, the rest is broken) from something that is not an accepted image at all (415).

const ascii = (text: string) => Buffer.from(text, 'latin1');

const signatures: ReadonlyArray<{ format: string; offset: number; bytes: Buffer }> = [
  { format: 'png', offset: 0, bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { format: 'jpeg', offset: 0, bytes: Buffer.from([0xff, 0xd8, 0xff]) },
  { format: 'gif', offset: 0, bytes: ascii('GIF8') },
  // RIFF....WEBP: the four bytes between are the chunk size.
  { format: 'webp', offset: 8, bytes: ascii('WEBP') },
];

export function sniffAcceptedFormat(bytes: Buffer): string | undefined {
  const riff = bytes.subarray(0, 4).equals(ascii('RIFF'));
  const match = signatures.find(
    ({ format, offset, bytes: signature }) =>
      (format !== 'webp' || riff) && bytes.subarray(offset, offset + signature.length).equals(signature),
  );
  return match?.format;
}
