// Streams and events: work queued on several streams gives the same values as on one,
// events order work across streams and time it. Without CUDA they are no-ops.
#include "support/test_support.hpp"

using testing::values;

TEMPLATE_TEST_CASE("operations run on the stream made current", "[stream]", TANDEM_TEST_SPACES) {
  const td::index_t n = 1 << 18;
  const auto a = td::linspace<float>(0.f, 1.f, n, TestType{});
  const auto b = td::linspace<float>(1.f, 3.f, n, TestType{});
  td::stream s1, s2;
  td::tensor<float, 1, TestType> c, d;
  s1.run([&] { c = a + b; });                 // inputs made before are ready
  s2.run([&] { d = a * b; });
  const float total = s1.run([&] { return td::sum(c); });  // a host value waits
  s1.synchronize();
  s2.synchronize();
  double want_c = 0;
  for (td::index_t i = 0; i < n; ++i) want_c += double(i) / double(n - 1) * 3.0 + 1.0;
  CHECK(total == Catch::Approx(want_c).epsilon(1e-5));
  const auto hc = td::to_vector(c), hd = td::to_vector(d);
  const auto ha = td::to_vector(a), hb = td::to_vector(b);
  bool same = true;
  for (std::size_t i = 0; i < hc.size(); ++i) same = same && hc[i] == ha[i] + hb[i] && hd[i] == ha[i] * hb[i];
  CHECK(same);

  // Nested guards restore the stream in turn; a temporary made and dropped on a stream.
  {
    td::stream_guard outer(s1);
    {
      td::stream_guard inner(s2);
      CHECK(td::sum(td::ones<float>({1000}, TestType{}) * 2.f) == 2000.f);
    }
    CHECK(td::max(a) == 1.f);
  }
}

TEMPLATE_TEST_CASE("events order work across streams and time it", "[stream]", TANDEM_TEST_SPACES) {
  const td::index_t n = 1 << 20;
  td::stream producer, consumer;
  td::tensor<double, 1, TestType> x, y;
  td::event start, made, end;
  start.record(producer);
  producer.run([&] { x = td::arange<double>(n, TestType{}) * 0.5; });
  made.record(producer);
  consumer.wait(made);  // consumer's later work waits for x
  consumer.run([&] { y = x + 1.0; });
  end.record(consumer);
  end.synchronize();
  CHECK(end.query());
  CHECK(elapsed_ms(start, end) >= 0.f);
  CHECK(td::elapsed_ms(start, made) >= 0.f);
  const auto hy = td::to_vector(y);
  bool right = true;
  for (td::index_t i = 0; i < n; ++i) right = right && hy[std::size_t(i)] == 0.5 * double(i) + 1.0;
  CHECK(right);

  // The current stream can wait for an event too.
  td::event ready;
  consumer.run([&] { ready.record(); });
  ready.wait();
  CHECK(td::sum(y) == Catch::Approx(0.25 * double(n) * double(n - 1) + double(n)));

  td::event never;
  CHECK_THROWS_AS(td::elapsed_ms(never, end), td::error);
  td::stream moved = std::move(producer);
  moved.synchronize();
}
