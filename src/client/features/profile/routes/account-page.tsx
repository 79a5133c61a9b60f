// Placeholder: replaced by the feature's real page.
export default function Page() {
  return null;
}
