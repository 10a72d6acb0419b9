// A one-page SCORM 1.2 lesson: it finds the LMS's API, and "Mark as complete" records the lesson as
// passed with a score of 100, then commits.
(function () {
  function findApi(win) {
    for (var i = 0; win && i < 10; i++) {
      try {
        if (win.API) return win.API;
      } catch {
        return null;
      }
      if (win.parent === win) break;
      win = win.parent;
    }
    return null;
  }
  window.addEventListener("DOMContentLoaded", function () {
    var status = document.getElementById("status");
    var button = document.getElementById("complete");
    var api = findApi(window);
    if (!api) {
      status.textContent = "This lesson runs inside the learning platform; open it from the course.";
      button.disabled = true;
      return;
    }
    api.LMSInitialize("");
    var done = api.LMSGetValue("cmi.core.lesson_status") === "passed";
    if (!done) {
      api.LMSSetValue("cmi.core.lesson_status", "incomplete");
      api.LMSCommit("");
    }
    status.textContent = done ? "You completed this lesson." : "";
    button.disabled = done;
    button.addEventListener("click", function () {
      api.LMSSetValue("cmi.core.score.raw", "100");
      api.LMSSetValue("cmi.core.score.min", "0");
      api.LMSSetValue("cmi.core.score.max", "100");
      api.LMSSetValue("cmi.core.lesson_status", "passed");
      api.LMSCommit("");
      status.textContent = "You completed this lesson.";
      button.disabled = true;
    });
    window.addEventListener("pagehide", function () {
      api.LMSFinish("");
    });
  });
})();
