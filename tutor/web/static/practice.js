// The Practice tab: bid a whole deal against three robots, tap by tap; a tap on a call (or ?
// for the last robot's) explains it in full. Everything it shows comes from /api/practice
// (the deal so far) and /api/practice/result (the deal's end). With "Play the cards" on (as
// `tutor practice --play`), the bidding's end leads to the cards: /api/practice/play replays
// the learner's cards (P.cards) with the robots' and the end shows what each card cost.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const TOKEN = document.querySelector('meta[name="tutor-token"]').content;
  const P = JSON.parse(localStorage.getItem("tutor-practice") || "{}");
  P.seat = P.seat || "C";
  P.moves = P.moves || [];
  P.seed = P.seed || newSeed();
  P.cards = Array.isArray(P.cards) ? P.cards : null;   // the learner's cards once the play started
  P.hinted = Array.isArray(P.hinted) ? P.hinted : [];   // his moves made after the Hint button (0-based)
  P.id = P.id || newId();   // this deal as it is kept: a retry of its keep, or a keep after an undo, counts once
  // the deal "New deal" deals: named to the server, which bids its start while this one ends
  P.next = P.next && P.next !== P.seed ? P.next : newSeed(P.seed);
  let view = null, number = null, full = false, keptLine = null;

  function newId() {   // random, made when a deal starts (crypto.randomUUID needs https)
    return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  }
  function newSeed(not) {
    for (;;) { const s = 1 + Math.floor(Math.random() * 999999); if (s !== not) return s; }
  }
  function save() {
    localStorage.setItem("tutor-practice", JSON.stringify({seat: P.seat, moves: P.moves, seed: P.seed, next: P.next,
                                                          kept: P.kept, play: P.play, cards: P.cards,
                                                          hinted: P.hinted, id: P.id}));
  }
  function page() { return JSON.parse(localStorage.getItem("tutor-table") || "{}"); }
  function lang() { return page().lang || JSON.parse($("config").textContent).lang; }
  function rules() { return page().rules || JSON.parse($("config").textContent).rules; }

  function node(tag, attrs = {}, text = "") {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text) e.textContent = text;
    return e;
  }

  async function api(path) {
    const q = new URLSearchParams({seed: P.seed, seat: P.seat, moves: P.moves.join(","), rules: rules(), lang: lang(),
                                   next: P.next, hinted: P.hinted.join(","), play: P.play ? "1" : ""});
    if (P.cards !== null && path !== "practice" && path !== "practice/hint") q.set("cards", P.cards.join(","));
    const r = await fetch(`api/${path}?${q}`, {headers: {"X-Tutor-Token": TOKEN}});
    let data = null;
    try { data = await r.json(); } catch (e) { data = {error: r.statusText}; }
    if (!r.ok) { const err = new Error(data.error || r.statusText); err.status = r.status; throw err; }
    return data;
  }

  function error(text) { const box = $("error"); box.textContent = text || ""; box.hidden = !text; }

  function words(t) {
    $("tab-practice").textContent = t.tab;
    $("p-new").textContent = t.new_deal;
    $("p-undo").textContent = t.undo;
    $("p-no").textContent = t.no;
    $("p-hint").textContent = t.hint;
    $("p-seat-label").textContent = t.seat;
    $("p-play-on").textContent = t.play;
  }

  // While the server answers (the robots bid: seconds, on a busy machine tens of seconds) the
  // pad waits: no call is taken blind, before the hand and the calls it answers are shown (s47:
  // the first deal's pad was live and empty meanwhile), and of two answers in flight (a new deal
  // asked before the last one came) only the last one asked is drawn
  let asked = 0;
  function waiting(on) {
    for (const b of document.querySelectorAll("#p-pad .p-call, #p-undo, #p-hint")) b.disabled = on;
    if (on) $("p-prompt").textContent = "…";
  }

  async function load() {
    const mine = ++asked;
    waiting(true);
    let v;
    try { v = await api("practice"); }
    catch (e) {
      if (mine !== asked) return;
      error(e.message);
      // a refused call (400) is taken back; a busy server (503: its line says "try again")
      // or a lost connection keeps the learner's calls, and the next tap or reload asks again
      if (P.moves.length && e.status === 400) { P.moves.pop(); save(); }
      if (view) { $("p-prompt").textContent = view.prompt || ""; pad(); } else { waiting(false); $("p-prompt").textContent = ""; }
      return;
    }
    if (mine !== asked) return;
    view = v; error("");
    words(view.texts);
    draw();
    if (!view.over) return;
    // the cards: where the learner chose to play them and somebody declared
    if (P.cards === null && P.play && view.calls.some((c) => c.call && /^\d/.test(c.call))) { P.cards = []; save(); }
    if (P.cards !== null) await cards(); else await end();
  }

  // The play: the tricks so far, the trick on the table, the learner's hand as buttons (the
  // cards he may play enabled); a tap plays one, the robots answer up to his next card. As the
  // bidding's pad, the hand waits while the server answers (s48: a second tap before the answer
  // played a card blind, on a table the learner had not seen), and of two answers in flight
  // only the last one asked is drawn
  let played = null;   // the play as last drawn: drawn again when a card is refused
  async function cards() {
    const mine = ++asked;
    for (const b of document.querySelectorAll("#p-cards button, #p-card-undo")) b.disabled = true;
    let v;
    try { v = await api("practice/play"); }
    catch (e) {
      if (mine !== asked) return;
      error(e.message);
      if (P.cards.length) { P.cards.pop(); save(); }   // the card taken back: the hand as it was shown
      if (played) drawPlay(played);
      return;
    }
    if (mine !== asked) return;
    error("");
    played = v;
    await drawPlay(v);
  }

  async function drawPlay(v) {
    $("p-play").hidden = false;
    const list = $("p-tricks");
    list.replaceChildren();
    v.tricks.forEach((t, i) => {
      const order = "ABCD".repeat(2).slice("ABCD".indexOf(t.leader), "ABCD".indexOf(t.leader) + 4);
      const trick = t.cards.map((c, k) => `${order[k]} ${c}`).join(", ");
      list.append(node("li", {}, `${v.texts.trick} ${i + 1}: ${trick} → ${t.winner} ${t.points}`));
    });
    $("p-table").textContent = v.over ? "" :
      `${v.texts.trick} ${v.trick}: ${v.table.map((x) => `${x.seat} ${x.card}`).join(", ")}` +
      `${v.table.length ? ", " : ""}${v.seat} ?`;
    const box = $("p-cards");
    box.replaceChildren();
    $("p-card-undo").textContent = v.texts.undo;
    $("p-card-undo").disabled = !P.cards.length || v.over;
    if (!v.over) {
      const legal = new Set(v.legal);
      $("p-prompt").textContent = `${v.texts.your_card}: ${v.hand}`;
      for (const part of v.hand.split(" ")) {
        const [suit, ranks] = part.split(":");
        for (const r of ranks || "") {
          const card = `${suit} ${r}`;
          const b = node("button", {type: "button", class: "card"}, card);
          b.disabled = !legal.has(card);
          b.onclick = () => { P.cards.push(card); save(); cards(); };
          box.append(b);
        }
      }
      return;
    }
    $("p-prompt").textContent = "";
    await end();
  }

  function draw() {
    played = null;   // a new bidding: its play, if any, is still to be asked
    $("p-seat").value = P.seat;
    $("p-seed").textContent = `#${view.seed}`;
    $("p-hand").textContent = `${view.texts.your_hand}: ${view.hand}`;
    const list = $("p-calls");
    list.replaceChildren();
    // a tap on a call explains it in full (a phone shows no title): what it shows and denies
    for (const c of view.calls) {
      const li = node("li", {class: c.learner ? "mine" : "", tabindex: "0", role: "button"}, c.line);
      li.title = c.text;
      li.onclick = () => { $("p-why").textContent = c.why; };
      li.onkeydown = (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); li.onclick(); } };
      list.append(li);
    }
    $("p-prompt").textContent = view.prompt || "";
    $("p-result").replaceChildren();
    $("p-why").textContent = "";
    $("p-play").hidden = true;
    $("p-play-on").setAttribute("aria-pressed", String(!!P.play));
    pad();
  }

  function pad() {
    const legal = new Set(view.legal);
    const bids = view.legal.map((c) => c.split(" ")).filter((w) => /^\d+$/.test(w[0]));
    const numbers = [...new Set(bids.map((w) => w[0]))];
    const nbox = $("p-numbers"), sbox = $("p-strains");
    nbox.replaceChildren(); sbox.replaceChildren();
    $("p-pad").hidden = view.over;
    for (const n of numbers) {
      const b = node("button", {type: "button", class: "num" + (n === number ? " on" : "")}, n);
      b.onclick = () => { number = n; pad(); };
      nbox.append(b);
    }
    if (number !== null) {
      for (const w of bids.filter((w) => w[0] === number)) {
        const strain = w.slice(1).join(" ");
        const b = node("button", {type: "button", class: "strain"}, strain);
        b.onclick = () => move(`${number} ${strain}`);
        sbox.append(b);
      }
    }
    for (const b of document.querySelectorAll("#p-pad .p-call")) {
      const word = b.dataset.call;
      b.disabled = word === "-" ? view.waiting !== "option" : !legal.has(word);
    }
    $("p-undo").disabled = !view.calls.some((c) => c.learner);
    $("p-hint").disabled = view.over;
  }

  function move(text) { number = null; P.moves.push(text); P.cards = null; save(); load(); }

  async function end() {
    const box = $("p-result");
    box.replaceChildren(node("p", {class: "hint"}, "…"));
    let r;
    try { r = await api("practice/result"); } catch (e) { error(e.message); return; }
    full = false;
    keptLine = null;
    result(r);
    keep();
  }

  // The finished deal kept in the learner's progress under the Quiz tab's name (where it has
  // none yet, the one the Quiz tab would show: the server's default learner), once per deal
  // and calls: as `tutor practice` keeps each deal; under the result "Kept for NAME." and the
  // learner's line (the deals so far). The deal's id: a retry or a keep after an undo counts once
  async function keep() {
    const key = [P.seed, P.seat, rules(), P.moves.join(","), (P.cards || []).join(","), P.hinted.join(",")].join("|");
    if (P.kept === key) return;
    const q = new URLSearchParams({rules: rules(), lang: lang()});
    try {
      let learner = (page().learner || "").trim();
      if (!learner) learner = (await (await fetch(`api/quiz?${q}`)).json()).learner;
      const r = await fetch(`api/practice/keep?${q}`, {method: "POST", headers: {"X-Tutor-Token": TOKEN,
        "Content-Type": "application/json"}, body: JSON.stringify({seed: P.seed, seat: P.seat,
        moves: P.moves.join(","), learner, hinted: P.hinted.join(","), deal_id: P.id,
        ...(P.cards !== null ? {cards: P.cards.join(",")} : {})})});
      const data = await r.json();
      if (!r.ok) { error(data.error || r.statusText); return; }
      P.kept = key; save();
      keptLine = `${data.kept_for} ${data.line || ""}`.trim();
      if (keptLine) $("p-result").append(node("p", {id: "p-kept", class: "hint"}, keptLine));
    } catch (e) { error(e.message); }
  }

  // The deal's end: each call's why in short, and under the calls a button for the tutor's
  // whole reasoning (the same lines with each why in full) and back
  function result(r) {
    const box = $("p-result");
    const lines = full ? r.full : r.lines;
    box.replaceChildren();
    // the review's lines are the last indented ones (the best contracts follow unindented)
    const reasoned = r.review.some((c) => c.why && c.why !== c.brief);
    let last = -1;   // the calls' review ends before the cards' lines and the best contracts
    const upto = r.cards_from ? r.cards_from[full ? 1 : 0] : lines.length;
    lines.forEach((line, i) => { if (line.startsWith(" ") && i < upto) last = i; });
    lines.forEach((line, i) => {
      box.append(node("div", {class: line.startsWith(" ") ? "line indent" : "line"}, line));
      if (reasoned && i === last) {
        const b = node("button", {type: "button", id: "p-full", class: "small", "aria-pressed": String(full)},
                       full ? r.texts.short : r.texts.full);
        b.onclick = () => {   // the button stays under the thumb: the text above it grows or shrinks
          const top = b.getBoundingClientRect().top;
          full = !full;
          result(r);
          window.scrollBy(0, $("p-full").getBoundingClientRect().top - top);
        };
        box.append(b);
      }
    });
    if (keptLine) box.append(node("p", {id: "p-kept", class: "hint"}, keptLine));
  }

  async function label() {
    try { words(await api("practice/texts")); } catch (e) { /* the tab keeps its word */ }
  }

  function show() {
    label();
    const on = page().tab === "practice";
    $("panel-practice").hidden = !on;
    if (on) load();
  }

  for (const b of document.querySelectorAll(".tabs button")) b.addEventListener("click", () => setTimeout(show, 0));
  $("lang").addEventListener("click", () => setTimeout(show, 0));
  $("rules").addEventListener("change", () => {
    P.moves = []; P.cards = null; P.hinted = []; P.id = newId(); save(); setTimeout(show, 0);
  });
  for (const b of document.querySelectorAll("#p-pad .p-call")) b.onclick = () => move(b.dataset.call);
  $("p-undo").onclick = () => {
    const mine = view ? view.calls.filter((c) => c.learner).length : 0;
    if (mine) { P.moves = P.moves.slice(0, mine - 1); P.cards = null; save(); load(); }
  };
  $("p-card-undo").onclick = () => {   // the learner's last card back (and the robots' after it)
    if (P.cards && P.cards.length) { P.cards.pop(); save(); cards(); }
  };
  $("p-why-button").onclick = () => {
    const last = view && [...view.calls].reverse().find((c) => !c.learner && c.call !== null);
    $("p-why").textContent = last ? last.why : "";
  };
  $("p-hint").onclick = async () => {   // the tutor's call now (computed ahead where it was)
    $("p-why").textContent = "…";
    try {
      $("p-why").textContent = (await api("practice/hint")).hint;
      // his next move is not his own find: the review marks it (as `hint` at the terminal)
      if (!P.hinted.includes(P.moves.length)) { P.hinted.push(P.moves.length); save(); }
    }
    catch (e) { $("p-why").textContent = ""; error(e.message); }
  };
  $("p-seat").onchange = () => {
    P.seat = $("p-seat").value; P.moves = []; P.cards = null; P.hinted = []; P.id = newId(); save(); load();
  };
  $("p-new").onclick = () => {
    P.seed = P.next; P.next = newSeed(P.seed); P.moves = []; P.cards = null; P.hinted = []; P.id = newId(); number = null;
    save(); load();
  };
  // "Play the cards": on, the bidding's end leads to the cards (this deal's too, if it is over)
  $("p-play-on").onclick = () => {
    P.play = !P.play; save();
    $("p-play-on").setAttribute("aria-pressed", String(P.play));
    if (P.play && view && view.over && P.cards === null) load();
  };
  show();
})();
