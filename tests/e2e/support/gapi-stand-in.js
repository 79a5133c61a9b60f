/*
 * Test-only stand-in for Google's https://apis.google.com/js/api.js ("gapi").
 *
 * WHY THIS EXISTS
 * The browser tests run offline. Firebase Auth's signInWithPopup / linkWithPopup / reauthenticateWithPopup
 * (firebase@12, @firebase/auth: loadGapi() and _openIframe()) load https://apis.google.com/js/api.js, call
 * gapi.load('gapi.iframes') and open a hidden helper iframe with gapi.iframes.getContext().open(). With the
 * Auth emulator that iframe is http://<emulator>/emulator/auth/iframe, and that page (firebase-tools,
 * lib/emulator/auth/handlers.js) loads api.js as well and talks back to its parent through
 * gapi.iframes.getContext().getParentIframe(). Offline, api.js never loads and the popup ends in
 * auth/internal-error (or auth/network-request-failed) after about 15 s.
 *
 * tests/e2e/support/firebase-popup.ts serves this file for https://apis.google.com/js/api.js* through a
 * Playwright route, in both the app's page and the emulator's iframe. It must never be shipped to users: on
 * a machine with internet the real api.js is used and none of this is needed.
 *
 * WHAT IT IMPLEMENTS (only what the SDK and the emulator's iframe page use)
 *   window.gapi.load('gapi.iframes', callback | {callback, timeout, ontimeout, onerror})
 *   the `?onload=<global function name>` parameter of the script URL (the SDK loads api.js?onload=iframefcbNNN),
 *     and window.gapi_onload (the emulator's iframe page defines it before loading api.js)
 *   gapi.iframes.CROSS_ORIGIN_IFRAMES_FILTER, gapi.iframes.Iframe (the SDK checks that it exists)
 *   gapi.iframes.getContext().open({where, url, attributes, ...}, onOpen) -> Promise<Iframe>   (parent side)
 *   gapi.iframes.getContext().getParentIframe() -> Iframe                                     (iframe side)
 *   Iframe.register(type, handler, filter), .send(type, data, callback, filter),
 *         .ping(callback, data), .restyle(style, callback)
 *
 * HOW THE MESSAGING WORKS
 * Both ends run this same script, so the wire format is our own (it is NOT the real gapi RPC protocol):
 *   { __gapiStandIn: 1, kind: 'ready' }                              iframe -> parent, when this script runs
 *   { __gapiStandIn: 1, kind: 'call',  id, type, data }              either way
 *   { __gapiStandIn: 1, kind: 'reply', id, results: [value] }        answer to a call
 * - send(type, data, cb): the other end runs the handler registered for `type`; its return value (a promise is
 *   awaited) comes back as cb([value]) - an array with one entry per iframe, as in gapi. The SDK reads
 *   result[0].webStorageSupport; the emulator's iframe reads responses[responses.length - 1].status === 'ACK'.
 * - The parent holds its calls until the iframe's script has announced 'ready' (before that, a postMessage
 *   would reach the iframe's initial about:blank document and be lost). ping() is such a call, answered by a
 *   built-in handler, so it resolves once the iframe page is up: that is the SDK's "iframe loaded" check.
 * - A call for a type nobody has registered yet waits until someone registers it. This matters: the emulator's
 *   iframe sends its first 'authEvent' (the "no redirect event" one) as soon as gapi is loaded, which is before
 *   the SDK has registered its 'authEvent' handler (the SDK registers it after ping() resolves).
 * - Exceptions thrown by send/ping callbacks are swallowed: the SDK's webStorageSupport callback always
 *   throws after it has done its work (_isIframeWebStorageSupported calls _fail() after cb()).
 * - Filters (CROSS_ORIGIN_IFRAMES_FILTER) are accepted and ignored: every iframe opened here is allowed.
 * - The parent only accepts messages whose source is the iframe's window and whose origin is the iframe URL's
 *   origin; the iframe only accepts messages from window.parent and posts to location.ancestorOrigins[0].
 *
 * The popup itself (the emulator's fake account chooser at /emulator/auth/handler) does not use gapi: it
 * posts the auth event straight to the emulator iframe in window.opener.frames, and that iframe relays it to
 * the app through the messaging above.
 */
(function () {
  'use strict';

  var MARK = '__gapiStandIn';
  var win = window;

  // Which ?onload= callback this particular <script> element asked for (read while the script runs).
  var onloadName = null;
  try {
    var script = document.currentScript;
    if (script && script.src) onloadName = new URL(script.src).searchParams.get('onload');
  } catch {
    onloadName = null;
  }

  // The SDK may insert api.js again (after a failed attempt). Define gapi once; still honour ?onload= below.
  var firstLoad = !(win.gapi && win.gapi[MARK]);
  if (firstLoad) defineGapi();

  setTimeout(function () {
    if (firstLoad && typeof win.gapi_onload === 'function') win.gapi_onload();
    if (onloadName && typeof win[onloadName] === 'function') win[onloadName]();
  }, 0);

  function defineGapi() {
    var endpoints = []; // parent side: one per iframe opened with Context.open()
    var parentEndpoint = null; // iframe side: the channel to window.parent
    var nextCallId = 1;

    function isOurMessage(data) {
      return !!data && typeof data === 'object' && data[MARK] === 1;
    }

    function safeCallback(cb, value) {
      if (typeof cb !== 'function') return;
      try {
        cb(value);
      } catch {
        // Swallowed on purpose, see the header (the SDK's webStorageSupport callback always throws).
      }
    }

    /**
     * One end of a channel to another window. `getTarget()` returns that window (or null while it is not
     * there yet); `targetOrigin` is where postMessage may deliver.
     */
    function Iframe(getTarget, targetOrigin, element) {
      this._getTarget = getTarget;
      this._targetOrigin = targetOrigin;
      this._element = element || null;
      this._ready = !element; // the parent window is always there; an iframe must say 'ready' first
      this._outbox = []; // messages held until ready
      this._handlers = {}; // type -> handler
      this._waitingCalls = {}; // type -> [call messages received before a handler was registered]
      this._pendingReplies = {}; // call id -> resolve function
      // Built-in answers for ping() and restyle().
      this._handlers._ping = function () {
        return true;
      };
      this._handlers._restyle = function () {
        return true;
      };
    }

    Iframe.prototype._post = function (message) {
      message[MARK] = 1;
      if (!this._ready) {
        this._outbox.push(message);
        return;
      }
      var target = this._getTarget();
      if (target) target.postMessage(message, this._targetOrigin);
    };

    Iframe.prototype._markReady = function () {
      this._ready = true;
      var queued = this._outbox;
      this._outbox = [];
      for (var i = 0; i < queued.length; i++) this._post(queued[i]);
    };

    Iframe.prototype._call = function (type, data) {
      var self = this;
      var id = String(nextCallId++) + ':' + Math.random().toString(36).slice(2);
      return new Promise(function (resolve) {
        self._pendingReplies[id] = resolve;
        self._post({ kind: 'call', id: id, type: type, data: data });
      });
    };

    Iframe.prototype._runHandler = function (call) {
      var self = this;
      var handler = this._handlers[call.type];
      Promise.resolve()
        .then(function () {
          return handler(call.data);
        })
        .then(
          function (value) {
            self._post({ kind: 'reply', id: call.id, results: [value === undefined ? null : value] });
          },
          function (error) {
            // No answer from this iframe, as when a gapi handler fails.
            if (win.console) console.error('[gapi stand-in] handler for "' + call.type + '" failed:', error);
            self._post({ kind: 'reply', id: call.id, results: [] });
          },
        );
    };

    Iframe.prototype._receive = function (message) {
      if (message.kind === 'ready') {
        this._markReady();
      } else if (message.kind === 'reply') {
        var resolve = this._pendingReplies[message.id];
        if (resolve) {
          delete this._pendingReplies[message.id];
          resolve(Array.isArray(message.results) ? message.results : []);
        }
      } else if (message.kind === 'call' && typeof message.type === 'string') {
        if (this._handlers[message.type]) {
          this._runHandler(message);
        } else {
          (this._waitingCalls[message.type] = this._waitingCalls[message.type] || []).push(message);
        }
      }
    };

    Iframe.prototype.register = function (type, handler /*, filter: ignored */) {
      this._handlers[type] = handler;
      var waiting = this._waitingCalls[type] || [];
      delete this._waitingCalls[type];
      for (var i = 0; i < waiting.length; i++) this._runHandler(waiting[i]);
    };

    Iframe.prototype.unregister = function (type) {
      delete this._handlers[type];
    };

    Iframe.prototype.send = function (type, data, callback /*, filter: ignored */) {
      return this._call(type, data).then(function (results) {
        safeCallback(callback, results);
        return results;
      });
    };

    Iframe.prototype.ping = function (callback, data) {
      return this._call('_ping', data).then(function (results) {
        safeCallback(callback, results);
        return results;
      });
    };

    // The SDK only asks for { setHideOnLeave: false }, a gapi notion with no meaning here: just answer.
    Iframe.prototype.restyle = function (style, callback) {
      return this._call('_restyle', style).then(function (results) {
        safeCallback(callback, results);
        return results;
      });
    };

    Iframe.prototype.getIframeEl = function () {
      return this._element;
    };

    function Context() {}

    // Parent side: create the iframe, then let onOpen decide when open() resolves (the SDK's onOpen returns a
    // promise that resolves to the iframe once ping() succeeded, or rejects after its own timeout).
    Context.prototype.open = function (options, onOpen) {
      options = options || {};
      var url = new URL(options.url, location.href);
      var element = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        var value = attributes[name];
        if (name === 'style' && value && typeof value === 'object') {
          Object.keys(value).forEach(function (prop) {
            element.style[prop] = value[prop];
          });
        } else {
          element.setAttribute(name, String(value));
        }
      });
      element.src = url.href;
      var iframe = new Iframe(
        function () {
          return element.contentWindow;
        },
        url.origin,
        element,
      );
      iframe._origin = url.origin;
      endpoints.push(iframe);
      (options.where || document.body).appendChild(element);

      var opened;
      try {
        opened = typeof onOpen === 'function' ? onOpen(iframe) : undefined;
      } catch (e) {
        return Promise.reject(e);
      }
      return Promise.resolve(opened).then(function (value) {
        return value === undefined ? iframe : value;
      });
    };

    // Iframe side: the channel to the window that embedded this page.
    Context.prototype.getParentIframe = function () {
      return parentEndpoint;
    };

    var context = new Context();

    win.addEventListener('message', function (event) {
      var data = event.data;
      if (!isOurMessage(data)) return;
      if (parentEndpoint && event.source === win.parent) {
        parentEndpoint._receive(data);
        return;
      }
      for (var i = 0; i < endpoints.length; i++) {
        var endpoint = endpoints[i];
        var element = endpoint._element;
        if (element && event.source === element.contentWindow && event.origin === endpoint._origin) {
          endpoint._receive(data);
          return;
        }
      }
    });

    if (win.parent && win.parent !== win) {
      var ancestors = location.ancestorOrigins;
      var parentOrigin = ancestors && ancestors.length && ancestors[0] !== 'null' ? ancestors[0] : '*';
      parentEndpoint = new Iframe(
        function () {
          return win.parent;
        },
        parentOrigin,
        null,
      );
      // Tell the parent this page can receive calls now (its messages were held until this point).
      parentEndpoint._post({ kind: 'ready' });
    }

    var iframes = {
      CROSS_ORIGIN_IFRAMES_FILTER: function () {
        return true;
      },
      Iframe: Iframe,
      Context: Context,
      getContext: function () {
        return context;
      },
    };

    function load(features, options) {
      var opts = typeof options === 'function' ? { callback: options } : options || {};
      var wanted = String(features || '')
        .split(':')
        .filter(Boolean);
      var unsupported = wanted.filter(function (name) {
        return name !== 'gapi.iframes';
      });
      setTimeout(function () {
        if (unsupported.length) {
          if (win.console) console.warn('[gapi stand-in] cannot load ' + unsupported.join(', '));
          var fail = opts.onerror || opts.ontimeout;
          if (typeof fail === 'function') fail();
          return;
        }
        if (typeof opts.callback === 'function') opts.callback();
      }, 0);
    }

    var gapi = win.gapi || {};
    gapi[MARK] = true;
    gapi.load = load;
    gapi.iframes = iframes;
    win.gapi = gapi;
  }
})();
