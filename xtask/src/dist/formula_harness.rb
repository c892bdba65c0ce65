# Runs the `test do` block of a rendered Homebrew formula against the binaries in a directory,
# with a stand-in for the few parts of Homebrew's Formula DSL the formula uses, so that its
# test is proven on the real binaries without Homebrew.
#
#   ruby formula_harness.rb FORMULA BIN_DIR
#
# Prints "livecheck" when the formula has a livecheck block, then "test passed".

require "open3"
require "pathname"
require "tmpdir"

class Formula
  class << self
    attr_reader :test_block, :formula_version

    def inherited(subclass)
      super
      $formula_class = subclass
    end

    # Metadata and platform blocks: what the test does not use.
    %i[desc homepage license url sha256 on_macos on_linux on_arm on_intel].each do |name|
      define_method(name) { |*_args, **_options| nil }
    end

    def version(value)
      @formula_version = value
    end

    def livecheck(&block)
      raise "livecheck needs a block" unless block

      puts "livecheck"
    end

    def test(&block)
      @test_block = block
    end
  end

  def version
    self.class.formula_version
  end

  def bin
    Pathname(ARGV.fetch(1))
  end

  def testpath
    @testpath ||= Pathname(Dir.mktmpdir)
  end

  def shell_output(command, result = 0)
    output, status = Open3.capture2(command)
    check_status(command, status, result)
    output
  end

  def pipe_output(command, input = nil, result = nil)
    output, status = Open3.capture2(command, stdin_data: input.to_s)
    check_status(command, status, result) unless result.nil?
    output
  end

  def assert_match(pattern, text)
    raise "expected #{text.inspect} to match #{pattern.inspect}" unless matches?(pattern, text)
  end

  def refute_match(pattern, text)
    raise "expected #{text.inspect} not to match #{pattern.inspect}" if matches?(pattern, text)
  end

  private

  def matches?(pattern, text)
    pattern.is_a?(Regexp) ? pattern.match?(text) : text.include?(pattern)
  end

  def check_status(command, status, expected)
    return if status.exitstatus == expected

    raise "#{command} exited with #{status.exitstatus}, expected #{expected}"
  end
end

load ARGV.fetch(0)
formula = $formula_class.new
raise "the formula has no test block" unless $formula_class.test_block

formula.instance_eval(&$formula_class.test_block)
puts "test passed"
