// A stand-in for a Tawk-style chat widget: the same global API, a frame titled "chat widget", and
// every call recorded in local storage so a test can read them after the page has navigated.
(function () {
  var KEY = "fakeChatWidgetCalls";
  var api = (window.Tawk_API = window.Tawk_API || {});
  function record(name, arg) {
    var calls = JSON.parse(localStorage.getItem(KEY) || "[]");
    calls.push(arg === undefined ? name : name + " " + JSON.stringify(arg));
    localStorage.setItem(KEY, JSON.stringify(calls));
  }
  record("load", { visitor: api.visitor, customStyle: api.customStyle, nonce: document.currentScript && document.currentScript.nonce ? "set" : "missing" });
  var frame = document.createElement("iframe");
  frame.title = "chat widget";
  // Clicks pass through, so the fake never covers what other tests click.
  frame.style.cssText = "position:fixed;left:10%;bottom:20%;width:56px;height:56px;border:0;z-index:1000;pointer-events:none;background:#0d9488";
  document.body.appendChild(frame);
  ["minimize", "maximize", "shutdown", "logout", "hideWidget", "showWidget"].forEach(function (name) {
    api[name] = function () {
      record(name);
      if (name === "hideWidget" || name === "shutdown") frame.style.display = "none";
      if (name === "showWidget") frame.style.display = "";
    };
  });
  api.setAttributes = function (attributes, callback) {
    record("setAttributes", attributes);
    if (callback) callback();
  };
  if (typeof api.onLoad === "function") api.onLoad();
})();
