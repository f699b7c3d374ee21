package io.icegate.it.operations;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Headless Chromium from Debian's packages ({@code chromium}, {@code chromium-driver}), driven
 * through its own ChromeDriver: nothing is downloaded, and the flags keep it off the network this
 * machine does not reach.
 */
final class Browser {
  static final String CHROMIUM = "/usr/bin/chromium";
  static final String CHROMEDRIVER = "/usr/bin/chromedriver";

  private Browser() {}

  static ChromeDriver start() throws IOException {
    Path profile = Files.createTempDirectory(Path.of("target"), "chromium-");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM);
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1440,900",
        "--user-data-dir=" + profile.toAbsolutePath());
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(new File(CHROMEDRIVER)).build();
    ChromeDriver driver = new ChromeDriver(service, options);
    driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    return driver;
  }

  /** The page as it looks now, as a PNG under target/screenshots/. */
  static Path screenshot(ChromeDriver driver, String name) throws IOException {
    Path dir = Files.createDirectories(Path.of("target", "screenshots"));
    Path file = dir.resolve(name + ".png");
    Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
    return file;
  }
}
