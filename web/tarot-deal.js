/* <tarot-deal>: the French Tarot table in any page, in a frame of its own.

     <script src="https://SITE/tarot-deal.js" defer></script>
     <tarot-deal players="4" deal="1234" lang="en" width="900" height="640"></tarot-deal>

   Each attribute is one of the page's URL parameters (web/browser/params.py; the
   build writes their names below), so `seat`, `open`, `steps`, `exercise`, `at`,
   `level`, `pause`... mean what they mean in a link; `record`, `notes` and
   `puzzle` go in the fragment, as in a link. `width` and `height` size the box (a
   number is in pixels); without them the page's CSS does. The table is drawn in an
   iframe of the site (embed=1), in the element's shadow root: neither page's styles
   nor scripts reach the other. The element emits `tarot-step` (detail: step, phase,
   toAct) after each action and `tarot-done` (detail: the deal's number and its
   result as a record writes it) when a deal ends; both bubble. A page opened
   with ?mode=texte draws its tables as text, for a screen reader. */
(() => {
  const PARAMETERS = ["players", "deal", "lang", "record", "notes"];  // written by scripts/build.py
  const FRAGMENT = ["record", "notes"];  // written by scripts/build.py
  const TITLES = { fr: "Tarot" };  // the frame's title by language, the default first: written by scripts/build.py
  const EVENTS = ["tarot-step", "tarot-done"];
  const script = document.currentScript;
  const base = new URL(".", script ? script.src : location.href);
  const size = (value) => (/^\d+$/.test(value) ? value + "px" : value);

  class TarotDeal extends HTMLElement {
    static get observedAttributes() {
      return [...PARAMETERS, "width", "height", "title"];
    }

    connectedCallback() {
      if (!this.shadowRoot) {
        const root = this.attachShadow({ mode: "open" });
        const sheet = new CSSStyleSheet();  // a constructed sheet: no inline style for a strict policy
        sheet.replaceSync(":host{display:block;width:100%;height:640px}"
          + "iframe{display:block;width:100%;height:100%;border:0}");
        root.adoptedStyleSheets = [sheet];
        this.frame = document.createElement("iframe");
        this.frame.loading = "lazy";
        root.append(this.frame);
      }
      this.draw();
    }

    attributeChangedCallback() {
      if (this.frame) this.draw();
    }

    get src() {
      const query = new URLSearchParams({ embed: "1" });
      const fragment = [];
      for (const name of PARAMETERS) {
        if (!this.hasAttribute(name)) continue;
        const value = this.getAttribute(name);
        if (FRAGMENT.includes(name)) fragment.push(name + "=" + value);
        else query.set(name, value === "" ? "1" : value);
      }
      const mode = new URLSearchParams(location.search).get("mode");  // the page's text mode, for its tables
      if (/^(texte?|graphi(que|c))$/.test(mode) && !query.has("mode")) query.set("mode", mode);
      return new URL("index.html?" + query + (fragment.length ? "#" + fragment.join("&") : ""), base).href;
    }

    draw() {
      for (const side of ["width", "height"]) {
        if (this.hasAttribute(side)) this.style[side] = size(this.getAttribute(side));
      }
      const lang = (this.getAttribute("lang") || "").trim().toLowerCase();
      this.frame.title = this.getAttribute("title") || TITLES[lang] || Object.values(TITLES)[0];
      const src = this.src;
      if (this.frame.getAttribute("src") !== src) this.frame.src = src;
    }
  }

  addEventListener("message", (event) => {
    const data = event.data;
    if (!data || typeof data !== "object" || !EVENTS.includes(data.type)) return;
    for (const element of document.querySelectorAll("tarot-deal")) {
      if (element.frame && element.frame.contentWindow === event.source) {
        element.dispatchEvent(new CustomEvent(data.type, { detail: data.detail, bubbles: true, composed: true }));
      }
    }
  });

  if (!customElements.get("tarot-deal")) customElements.define("tarot-deal", TarotDeal);
})();
