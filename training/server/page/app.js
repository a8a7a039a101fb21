// app.js — the page's script (placeholder until the boards are drawn).
document.getElementById("app").textContent = "bughouse serve";
