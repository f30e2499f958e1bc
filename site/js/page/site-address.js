// The address the lab was built for (build.py writes it into index.html from one configuration:
// py/perceptron_lab/site_address.py), so a snippet or package made in a local preview points at the
// public lab; when none was configured, the page's own address, as the copy buttons always used.
export function siteBase(doc = document, loc = location) {
  const meta = doc.querySelector('meta[name="perceptron-lab-site"]');
  const url = meta && meta.getAttribute("content");
  return url || loc.href.split("#")[0];
}
