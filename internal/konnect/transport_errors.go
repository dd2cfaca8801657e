package konnect

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"io"
	"net"
	"net/http"
	"syscall"
)

// failure is the class of an attempt that got no HTTP response, decided from the error's
// type (through *url.Error and any other wrapping), never from its text.
type failure int

const (
	// failConnection: the exchange broke after the connection was made (reset, closed
	// before the answer, a read/write *net.OpError): the server may have processed the
	// request. Retried for idempotent methods.
	failConnection failure = iota
	// failNotSent: no connection was made (refused, the host not found, any other dial
	// error but a timeout): the request never left, so nothing was processed. Retried for
	// every method, POST and PATCH included.
	failNotSent
	// failTimeout: no complete answer within the per-attempt timeout (RequestTimeout).
	// Retried for idempotent methods; the final error says which limits applied.
	failTimeout
	// failPermanent: a retry cannot help (certificate errors, TLS spoken to a server that
	// does not, or that answers in plain HTTP, a redirect this client refuses). Never retried.
	failPermanent
	// failCanceled: the caller's context was cancelled. Never retried.
	failCanceled
	// failOther: an error of no known class. Treated like failConnection, as the client
	// always has: retrying an idempotent request is harmless.
	failOther
)

func (f failure) retryable() bool { return f != failPermanent && f != failCanceled }

func (f failure) String() string {
	switch f {
	case failConnection:
		return "connection"
	case failNotSent:
		return "not sent"
	case failTimeout:
		return "timeout"
	case failPermanent:
		return "permanent"
	case failCanceled:
		return "canceled"
	}
	return "other"
}

// classifyTransportError classifies the error of an attempt that got no response. The
// caller's own deadline also unwraps to context.DeadlineExceeded: callers tell it apart
// by the context's Err, which checkRetry and transportError look at first.
func classifyTransportError(err error) failure {
	var (
		certVerify  *tls.CertificateVerificationError
		unknownAuth x509.UnknownAuthorityError
		hostname    x509.HostnameError
		invalid     x509.CertificateInvalidError
		systemRoots x509.SystemRootsError
		recordHdr   tls.RecordHeaderError
		redirect    *redirectError
		netErr      net.Error
		opErr       *net.OpError
		dnsErr      *net.DNSError
	)
	switch {
	case errors.Is(err, context.Canceled):
		return failCanceled
	case errors.As(err, &certVerify), errors.As(err, &unknownAuth), errors.As(err, &hostname),
		errors.As(err, &invalid), errors.As(err, &systemRoots), errors.As(err, &recordHdr),
		errors.As(err, &redirect), errors.Is(err, http.ErrSchemeMismatch):
		return failPermanent
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
		return failTimeout
	case errors.Is(err, syscall.ECONNREFUSED), errors.As(err, &dnsErr), errors.As(err, &opErr) && opErr.Op == "dial":
		return failNotSent
	case errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.ECONNABORTED), errors.Is(err, syscall.EPIPE),
		errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF),
		errors.As(err, &opErr):
		return failConnection
	}
	return failOther
}

// redirectError is a redirect that checkRedirect refuses (off https, or too many).
type redirectError struct{ msg string }

func (e *redirectError) Error() string { return e.msg }
